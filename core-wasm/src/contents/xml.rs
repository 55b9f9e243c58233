//! The text of an office XML part, with `quick-xml`.

use quick_xml::Reader;
use quick_xml::events::Event;

use super::excerpt::Excerpt;

/// How an XML vocabulary lays its text out.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Layout {
    /// Elements whose text is kept; every element's when empty.
    pub text_in: &'static [&'static str],
    /// Elements that end a line (paragraphs, rows).
    pub lines: &'static [&'static str],
    /// Elements that stand for a tab or end a cell.
    pub tabs: &'static [&'static str],
    /// Elements whose text is skipped (field codes, deleted text).
    pub skip: &'static [&'static str],
}

/// Word-processing text of DOCX `word/document.xml`.
pub(crate) const DOCX: Layout = Layout {
    text_in: &["t"],
    lines: &["p", "br", "cr"],
    tabs: &["tab"],
    skip: &["instrText", "delText"],
};

/// Slide text of PPTX `ppt/slides/slideN.xml`.
pub(crate) const PPTX: Layout = Layout {
    text_in: &["t"],
    lines: &["p", "br"],
    tabs: &[],
    skip: &[],
};

/// OpenDocument `content.xml` text (ODT, ODS, ODP).
pub(crate) const ODF: Layout = Layout {
    text_in: &[],
    lines: &["p", "h", "line-break", "table-row", "list-item"],
    tabs: &["tab", "table-cell", "s"],
    skip: &["annotation", "tracked-changes", "notes", "automatic-styles"],
};

/// Appends the text of `xml` to `out` until it is full; stops quietly at
/// the first malformed spot (a part cut by a read limit ends so).
pub(crate) fn text(xml: &[u8], layout: &Layout, out: &mut Excerpt) {
    let mut reader = Reader::from_reader(xml);
    let mut keep = 0usize;
    let mut skip = 0usize;
    while !out.full() {
        let Ok(event) = reader.read_event() else {
            return;
        };
        match event {
            Event::Start(e) => {
                let name = e.local_name();
                let name = name.as_ref();
                if is(name, layout.skip) {
                    skip += 1;
                } else if is(name, layout.text_in) {
                    keep += 1;
                }
            }
            Event::End(e) => {
                let name = e.local_name();
                let name = name.as_ref();
                if is(name, layout.skip) {
                    skip = skip.saturating_sub(1);
                } else if is(name, layout.text_in) {
                    keep = keep.saturating_sub(1);
                }
                layout_break(name, layout, out);
            }
            Event::Empty(e) => layout_break(e.local_name().as_ref(), layout, out),
            Event::Text(t) if wanted(layout, keep, skip) => out.push_str(&t.xml10_content()),
            Event::CData(t) if wanted(layout, keep, skip) => out.push_str(&t.xml10_content()),
            Event::GeneralRef(r) if wanted(layout, keep, skip) => {
                if let Some(c) = entity(&r) {
                    out.push(c);
                }
            }
            Event::Eof => return,
            Event::Text(_)
            | Event::CData(_)
            | Event::GeneralRef(_)
            | Event::Comment(_)
            | Event::Decl(_)
            | Event::PI(_)
            | Event::DocType(_) => {}
        }
    }
}

/// Whether text met now is kept.
fn wanted(layout: &Layout, keep: usize, skip: usize) -> bool {
    skip == 0 && (layout.text_in.is_empty() || keep > 0)
}

/// Writes the line end or tab an element's end stands for.
fn layout_break(name: &str, layout: &Layout, out: &mut Excerpt) {
    if is(name, layout.lines) {
        out.push('\n');
    } else if is(name, layout.tabs) {
        out.push(' ');
    }
}

/// Whether a local name is one of `names`.
fn is(name: &str, names: &[&str]) -> bool {
    names.contains(&name)
}

/// The character an entity or character reference stands for.
fn entity(r: &quick_xml::events::BytesRef) -> Option<char> {
    if let Ok(Some(c)) = r.resolve_char_ref() {
        return Some(c);
    }
    match r.as_ref() {
        "amp" => Some('&'),
        "lt" => Some('<'),
        "gt" => Some('>'),
        "quot" => Some('"'),
        "apos" => Some('\''),
        _ => None,
    }
}
