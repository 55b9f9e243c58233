//! The page count, from the page tree itself: the dictionaries of the
//! objects that were read are indexed, and the tree is walked from its root
//! with a visited set and a depth limit. A tree that lists itself among its
//! kids, or a root whose `/Count` the tree does not have, gives the count of
//! the pages the walk reaches, never the claimed one.

use std::collections::{HashMap, HashSet};

use super::super::source::find;
use super::syntax::{Dict, number, skip_space};

/// The most objects indexed.
const MAX_OBJECTS: usize = 500_000;
/// The most dictionary bytes parsed over one file.
const PARSE_BUDGET: usize = 64 << 20;
/// The most bytes one dictionary may take.
const MAX_DICT: usize = 1 << 20;
/// The deepest a walk goes; real trees are a few levels deep.
const MAX_DEPTH: usize = 64;
/// The most kids visited over all walks of one file; a walk cut short by
/// it gives no count.
const MAX_STEPS: usize = 2_000_000;
/// The most roots walked when the catalog names none that was read.
const MAX_ROOTS: usize = 64;
/// The fewest bytes of a file one page can take: a `/Count` the walk could
/// not check is believed only up to the file's length over this.
const MIN_PAGE_BYTES: u64 = 4;

/// One indexed object, as far as the page tree cares.
#[derive(Debug)]
enum Node {
    /// An inner node: its kids' object numbers and the `/Count` it claims.
    Pages { kids: Vec<u32>, count: Option<u32> },
    /// A page.
    Page,
    /// Any other dictionary.
    Other,
}

/// The page-tree objects of what was read of one file.
#[derive(Debug)]
pub(super) struct PageTree {
    nodes: HashMap<u32, Node>,
    /// The page tree root the catalog names.
    root: Option<u32>,
    budget: usize,
}

impl Default for PageTree {
    fn default() -> Self {
        PageTree {
            nodes: HashMap::new(),
            root: None,
            budget: PARSE_BUDGET,
        }
    }
}

/// What one walk found.
#[derive(Debug)]
struct Walk {
    seen: HashSet<u32>,
    /// Distinct pages reached.
    leaves: u32,
    /// A kid was not among what was read, or the walk was cut short.
    missing: bool,
    /// A node was reached twice, or a kid is neither a page nor a node.
    broken: bool,
}

impl PageTree {
    /// Indexes the objects written as `N G obj << ... >>` in `bytes`.
    pub fn scan(&mut self, bytes: &[u8]) {
        let finder = memchr::memmem::Finder::new(b"obj");
        let mut at = 0usize;
        while let Some(kw) = bytes.get(at..).and_then(|rest| finder.find(rest)) {
            let kw = kw + at;
            at = kw + 3;
            if let Some(number) = object_number(bytes, kw)
                && let Some(end) = self.add(number, bytes, at)
            {
                at = end.max(at);
            }
        }
    }

    /// Indexes the objects of an object stream whose dictionary is `dict`
    /// and whose inflated data is `data`.
    pub fn scan_stream(&mut self, dict: &[u8], data: &[u8]) {
        let Some(first) = find(dict, b"/First", 0).and_then(|f| number(dict, f + 6)) else {
            return;
        };
        let first = first as usize;
        let header = data.get(..first).unwrap_or_default();
        let mut numbers = header
            .split(u8::is_ascii_whitespace)
            .filter(|w| !w.is_empty())
            .map(|w| number(w, 0));
        while let (Some(Some(object)), Some(Some(offset))) = (numbers.next(), numbers.next()) {
            self.add(object, data, first.saturating_add(offset as usize));
        }
    }

    /// Indexes object `number` whose value starts at or after `at`; where
    /// its dictionary ends when it is one.
    fn add(&mut self, number: u32, bytes: &[u8], at: usize) -> Option<usize> {
        if self.budget == 0 || self.nodes.len() >= MAX_OBJECTS {
            return None;
        }
        let start = skip_space(bytes, at);
        let limit = start.saturating_add(self.budget.min(MAX_DICT));
        let window = bytes.get(..limit.min(bytes.len()))?;
        let (dict, end) = Dict::parse(window, start);
        self.budget = self.budget.saturating_sub(end.saturating_sub(start).max(1));
        let dict = dict?;
        let node = match dict.kind {
            Some(b"Catalog") => {
                self.root = dict.pages.or(self.root);
                Node::Other
            }
            Some(b"Pages") => Node::Pages {
                kids: dict.kids.unwrap_or_default(),
                count: dict.count,
            },
            Some(b"Page") => Node::Page,
            _ => match dict.kids {
                Some(kids) => Node::Pages {
                    kids,
                    count: dict.count,
                },
                None => Node::Other,
            },
        };
        // Others are kept only to replace an earlier version of the object.
        if !matches!(node, Node::Other) || self.nodes.contains_key(&number) {
            self.nodes.insert(number, node);
        }
        Some(end)
    }

    /// The page count: from the root the catalog names (else from every
    /// node no other node lists as a kid, up to [`MAX_ROOTS`]), the pages a
    /// bounded walk reaches. When the walk cannot finish because objects
    /// were not read, the root's `/Count` if the walk found nothing against
    /// it. With no root at all, the pages that were read. `None` when
    /// unknown.
    pub fn count(&self, file_len: u64) -> Option<u32> {
        let roots = self.roots();
        if roots.is_empty() {
            let leaves = self.nodes.values().filter(|n| matches!(n, Node::Page));
            let leaves = u32::try_from(leaves.count()).unwrap_or(u32::MAX);
            return (leaves > 0).then_some(leaves);
        }
        let mut steps = 0usize;
        roots
            .into_iter()
            .filter_map(|root| self.count_from(root, file_len, &mut steps))
            .max()
    }

    /// The nodes a walk starts from.
    fn roots(&self) -> Vec<u32> {
        if let Some(root) = self.root
            && matches!(self.nodes.get(&root), Some(Node::Pages { .. }))
        {
            return vec![root];
        }
        let mut kids: HashSet<u32> = HashSet::new();
        for (id, node) in &self.nodes {
            if let Node::Pages { kids: k, .. } = node {
                kids.extend(k.iter().filter(|kid| *kid != id));
            }
        }
        let mut roots: Vec<u32> = self
            .nodes
            .iter()
            .filter(|(id, node)| matches!(node, Node::Pages { .. }) && !kids.contains(*id))
            .map(|(id, _)| *id)
            .collect();
        roots.sort_unstable();
        roots.truncate(MAX_ROOTS);
        roots
    }

    /// The page count of the tree under `root`.
    fn count_from(&self, root: u32, file_len: u64, steps: &mut usize) -> Option<u32> {
        let mut walk = Walk {
            seen: HashSet::from([root]),
            leaves: 0,
            missing: false,
            broken: false,
        };
        self.visit(root, 0, &mut walk, steps);
        if !walk.missing {
            return (walk.leaves > 0).then_some(walk.leaves);
        }
        match self.nodes.get(&root) {
            Some(Node::Pages {
                count: Some(claim), ..
            }) if !walk.broken
                && *claim >= walk.leaves
                && *claim > 0
                && u64::from(*claim).saturating_mul(MIN_PAGE_BYTES) <= file_len =>
            {
                Some(*claim)
            }
            Some(_) | None => None,
        }
    }

    /// Walks the kids of node `id` at `depth`.
    fn visit(&self, id: u32, depth: usize, walk: &mut Walk, steps: &mut usize) {
        let Some(Node::Pages { kids, .. }) = self.nodes.get(&id) else {
            return;
        };
        if depth >= MAX_DEPTH {
            walk.missing = true;
            walk.broken = true;
            return;
        }
        for kid in kids {
            *steps += 1;
            if *steps > MAX_STEPS {
                walk.missing = true;
                walk.broken = true;
                return;
            }
            if !walk.seen.insert(*kid) {
                walk.broken = true;
                continue;
            }
            match self.nodes.get(kid) {
                None => walk.missing = true,
                Some(Node::Page) => walk.leaves = walk.leaves.saturating_add(1),
                Some(Node::Pages { .. }) => self.visit(*kid, depth + 1, walk, steps),
                Some(Node::Other) => walk.broken = true,
            }
        }
    }
}

/// The object number of an `N G obj` whose keyword is at `kw`.
fn object_number(bytes: &[u8], kw: usize) -> Option<u32> {
    let before = bytes.get(..kw)?;
    // Not `endobj`, not a longer word.
    if !before.last()?.is_ascii_whitespace()
        || bytes.get(kw + 3).is_some_and(u8::is_ascii_alphanumeric)
    {
        return None;
    }
    let rest = before.trim_ascii_end();
    let generation = digits_before(rest);
    let rest = rest.get(..rest.len() - generation)?;
    let spaced = rest.trim_ascii_end();
    if generation == 0 || spaced.len() == rest.len() {
        return None;
    }
    let digits = digits_before(spaced);
    let from = spaced.len() - digits;
    let glued = from > 0
        && spaced
            .get(from - 1)
            .is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'.');
    if digits == 0 || glued {
        return None;
    }
    number(spaced, from)
}

/// How many ASCII digits end `bytes`.
fn digits_before(bytes: &[u8]) -> usize {
    bytes
        .iter()
        .rev()
        .take_while(|b| b.is_ascii_digit())
        .count()
}
