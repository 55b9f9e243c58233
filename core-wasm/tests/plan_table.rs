//! The plan table: a dry run's steps become rows grouped by destination,
//! each with its kind, size and reason, in both languages; what stays in
//! use is listed with why. Input and output go through their JSON shape
//! (`docs/UI.md`), as the hosts pass them.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use pretty_assertions::assert_eq;
use serde_json::{Value, json};
use tidyup_core::{Lang, PlanInput, plan_table};

const RULES: &str = r#"
[[rule]]
extensions = ["pdf"]
name = "invoice*"
to = "Bills/{year}"

[[rule]]
extensions = ["txt"]
to = "Notes"
"#;

/// A Downloads folder and a dry run over it: moves by type, a film with
/// its subtitles, a copy set aside, a rule's move, a rename, two deletes.
fn input(duplicates: &str) -> Value {
    let d = "/home/u/Downloads";
    json!({
        "plan": "p1",
        "folder": d,
        "rules": RULES,
        "entries": [
            {"name": "report.pdf", "size": 52311},
            {"name": "film.mp4", "size": 7_000_000},
            {"name": "film.srt", "size": 900},
            {"name": "a.zip", "size": 100},
            {"name": "a (1).zip", "size": 100},
            {"name": "invoice-2024.pdf", "size": 2048},
            {"name": "scan0001.pdf", "size": 4096},
            {"name": "notes.txt", "size": 10},
            {"name": "b.bin", "size": 77},
            {"name": "b copy.bin", "size": 77},
            {"name": "x.log", "size": 5},
            {"name": "movie.mp4.part", "size": 1},
            {"name": "~$budget.xlsx", "size": 1},
            {"name": "Old", "dir": true},
            {"name": "Bills", "dir": true},
            {"name": ".tidyup-trash", "dir": true},
        ],
        "steps": [
            {"op": "create_folder", "path": format!("{d}/Documents")},
            {"op": "move", "from": format!("{d}/report.pdf"), "to": format!("{d}/Documents/report.pdf"), "size": 52311},
            {"op": "create_folder", "path": format!("{d}/Videos")},
            {"op": "move", "from": format!("{d}/film.mp4"), "to": format!("{d}/Videos/film.mp4"), "size": 7_000_000},
            {"op": "move", "from": format!("{d}/film.srt"), "to": format!("{d}/Videos/film.srt"), "size": 900},
            {"op": "create_folder", "path": format!("{d}/{duplicates}")},
            {"op": "move", "from": format!("{d}/a (1).zip"), "to": format!("{d}/{duplicates}/a (1).zip"), "size": 100},
            {"op": "create_folder", "path": format!("{d}/Bills/2024")},
            {"op": "move", "from": format!("{d}/invoice-2024.pdf"), "to": format!("{d}/Bills/2024/invoice-2024.pdf"), "size": 2048},
            {"op": "move", "from": format!("{d}/scan0001.pdf"), "to": format!("{d}/Old/2024-03 Electricity bill.pdf"), "size": 4096},
            {"op": "delete", "path": format!("{d}/b copy.bin"), "size": 77},
            {"op": "move", "from": format!("{d}/notes.txt"), "to": format!("{d}/Documents/notes.txt")},
            {"op": "delete", "path": format!("{d}/x.log"), "size": 5},
        ],
    })
}

fn table(input: Value, lang: Lang) -> Value {
    let input: PlanInput = serde_json::from_value(input).unwrap();
    serde_json::to_value(plan_table(&input, lang)).unwrap()
}

/// Each group's destination and its rows' names, in order.
fn outline(table: &Value) -> Vec<(String, Vec<String>)> {
    table["groups"]
        .as_array()
        .unwrap()
        .iter()
        .map(|group| {
            let names = group["rows"]
                .as_array()
                .unwrap()
                .iter()
                .map(|row| row["name"].as_str().unwrap().to_owned())
                .collect();
            (
                group["destination"]
                    .as_str()
                    .unwrap_or("(trash)")
                    .to_owned(),
                names,
            )
        })
        .collect()
}

/// The row named `name`.
fn row<'a>(table: &'a Value, name: &str) -> &'a Value {
    table["groups"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|group| group["rows"].as_array().unwrap())
        .find(|row| row["name"] == name)
        .unwrap_or_else(|| panic!("no row {name}"))
}

#[test]
fn groups_come_in_the_order_their_first_step_comes() {
    let table = table(input("Duplicates"), Lang::En);
    let outline = outline(&table);
    let expected: Vec<(String, Vec<String>)> = [
        ("Documents", vec!["report.pdf", "notes.txt"]),
        ("Videos", vec!["film.mp4", "film.srt"]),
        ("Duplicates", vec!["a (1).zip"]),
        ("Bills/2024", vec!["invoice-2024.pdf"]),
        ("Old", vec!["2024-03 Electricity bill.pdf"]),
        ("(trash)", vec!["b copy.bin", "x.log"]),
    ]
    .into_iter()
    .map(|(d, names)| (d.to_owned(), names.into_iter().map(str::to_owned).collect()))
    .collect();
    assert_eq!(outline, expected);
    let counts: Vec<u64> = table["groups"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["count"].as_u64().unwrap())
        .collect();
    assert_eq!(counts, [2, 2, 1, 1, 1, 2]);
    let ids: Vec<&str> = ["report.pdf", "film.mp4", "film.srt", "notes.txt", "x.log"]
        .iter()
        .map(|name| row(&table, name)["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["r1", "r2", "r3", "r8", "r9"]);
    assert_eq!(table["plan"], "p1");
    assert_eq!(table["folder"], "/home/u/Downloads");
}

#[test]
fn a_row_has_its_kind_size_places_and_reason_in_english() {
    let table = table(input("Duplicates"), Lang::En);
    assert_eq!(
        row(&table, "report.pdf"),
        &json!({
            "id": "r1",
            "step": 1,
            "name": "report.pdf",
            "kind": "Documents",
            "size": 52311,
            "size_text": "51.1 KB",
            "from": "",
            "to": "Documents",
            "why": {"type": "category", "text": "by type: Documents"},
        })
    );
    assert_eq!(
        row(&table, "film.mp4")["why"],
        json!({"type": "category", "text": "by type: Videos"})
    );
    assert_eq!(
        row(&table, "film.srt")["why"],
        json!({"type": "group", "text": "with film.mp4"})
    );
    assert_eq!(row(&table, "film.srt")["kind"], "Videos");
    assert_eq!(
        row(&table, "a (1).zip")["why"],
        json!({"type": "duplicate", "text": "same bytes as a.zip"})
    );
    assert_eq!(
        row(&table, "invoice-2024.pdf")["why"],
        json!({"type": "rule", "text": "rule 1: *.pdf invoice* → Bills/{year}"})
    );
    assert_eq!(
        row(&table, "notes.txt")["why"],
        json!({"type": "category", "text": "by type: Documents"}),
        "rule 2 sends .txt files to Notes, not here"
    );
    assert_eq!(row(&table, "notes.txt")["size"], 10, "the entry's size");
    assert_eq!(
        row(&table, "2024-03 Electricity bill.pdf"),
        &json!({
            "id": "r6",
            "step": 9,
            "name": "2024-03 Electricity bill.pdf",
            "from_name": "scan0001.pdf",
            "kind": "Documents",
            "size": 4096,
            "size_text": "4.0 KB",
            "from": "",
            "to": "Old",
            "why": {"type": "request", "text": "as asked"},
        })
    );
}

#[test]
fn new_folders_are_those_the_plan_makes() {
    let table = table(input("Duplicates"), Lang::En);
    let new: Vec<(&str, bool)> = table["groups"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            (
                g["destination"].as_str().unwrap_or("(trash)"),
                g["new"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        new,
        [
            ("Documents", true),
            ("Videos", true),
            ("Duplicates", true),
            ("Bills/2024", true),
            ("Old", false),
            ("(trash)", false),
        ]
    );
    assert_eq!(
        table["folders"],
        json!([
            "Bills",
            "Bills/2024",
            "Documents",
            "Duplicates",
            "Old",
            "Videos"
        ])
    );
}

#[test]
fn deletes_are_rows_of_their_own_group_and_counted() {
    let table = table(input("Duplicates"), Lang::En);
    assert_eq!(table["deletes"], 2);
    let group = table["groups"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(group["destination"], Value::Null);
    assert_eq!(
        row(&table, "b copy.bin"),
        &json!({
            "id": "r7",
            "step": 10,
            "name": "b copy.bin",
            "kind": "Others",
            "size": 77,
            "size_text": "77 B",
            "from": "",
            "to": null,
            "why": {"type": "duplicate", "text": "same bytes as b.bin"},
        })
    );
    assert_eq!(
        row(&table, "x.log")["why"],
        json!({"type": "request", "text": "deleted as asked (to the trash)"})
    );
    assert_eq!(row(&table, "report.pdf")["to"], "Documents");
}

#[test]
fn files_in_use_left_where_they_are_are_listed_with_why() {
    let table = table(input("Duplicates"), Lang::En);
    assert_eq!(
        table["left"],
        json!([
            {"name": "movie.mp4.part", "why": "download in progress"},
            {"name": "~$budget.xlsx", "why": "lock file of an open document"},
        ])
    );
    let zh = self::table(input("重复文件"), Lang::Zh);
    assert_eq!(zh["left"][0]["why"], "正在下载的文件");
}

#[test]
fn every_word_is_in_chinese_for_a_chinese_table() {
    let table = table(input("重复文件"), Lang::Zh);
    let words = |name: &str| {
        let row = row(&table, name);
        (
            row["kind"].as_str().unwrap().to_owned(),
            row["why"]["type"].as_str().unwrap().to_owned(),
            row["why"]["text"].as_str().unwrap().to_owned(),
        )
    };
    let w = |k: &str, t: &str, x: &str| (k.to_owned(), t.to_owned(), x.to_owned());
    assert_eq!(words("report.pdf"), w("文档", "category", "按类型：文档"));
    assert_eq!(words("film.srt"), w("视频", "group", "与 film.mp4 一起"));
    assert_eq!(
        words("a (1).zip"),
        w("压缩包", "duplicate", "与 a.zip 内容相同")
    );
    assert_eq!(
        words("invoice-2024.pdf"),
        w("文档", "rule", "规则 1：*.pdf invoice* → Bills/{year}")
    );
    assert_eq!(
        words("2024-03 Electricity bill.pdf"),
        w("文档", "request", "按你的要求")
    );
    assert_eq!(
        words("b copy.bin"),
        w("其他", "duplicate", "与 b.bin 内容相同")
    );
    assert_eq!(
        words("x.log"),
        w("文档", "request", "按要求删除（移到回收站）")
    );
}

#[test]
fn a_moved_folder_is_a_folder_and_a_rule_of_every_file_names_itself() {
    let d = "C:\\Users\\u\\Desktop";
    let input = json!({
        "plan": "p2",
        "folder": d,
        "rules": "[[rule]]\nto = \"Sorted\"\n",
        "entries": [
            {"name": "Projects", "dir": true},
            {"name": "Sorted", "dir": true},
            {"name": "x.txt", "size": 3},
        ],
        "steps": [
            {"op": "move", "from": format!("{d}\\Projects"), "to": format!("{d}\\Old\\Projects")},
            {"op": "move", "from": format!("{d}\\x.txt"), "to": format!("{d}\\Sorted\\x.txt"), "size": 3},
        ],
    });
    let table = table(input, Lang::En);
    assert_eq!(row(&table, "Projects")["kind"], "Folder");
    assert_eq!(row(&table, "Projects")["to"], "Old");
    assert_eq!(table["groups"][0]["new"], true, "no Old folder before");
    assert_eq!(
        row(&table, "x.txt")["why"],
        json!({"type": "rule", "text": "rule 1: * → Sorted"})
    );
    assert_eq!(table["groups"][1]["new"], false);
    assert_eq!(table["deletes"], 0);
}

/// Every row carries the index of its own step, so an apply of the row
/// carries out that step whatever name the row shows: two items shown
/// alike are two rows, each its own step.
#[test]
fn each_row_carries_its_own_step_even_when_two_show_alike() {
    let d = "/home/u/Downloads";
    let table = table(
        json!({
            "plan": "p1",
            "folder": d,
            "entries": [{"name": "caf%E9.txt", "size": 3}, {"name": "caf%E9.txt", "size": 4}],
            "steps": [
                {"op": "create_folder", "path": format!("{d}/Notes")},
                {"op": "move", "from": format!("{d}/caf%E9.txt"), "to": format!("{d}/Notes/caf%E9.txt"), "size": 3},
                {"op": "move", "from": format!("{d}/caf%E9.txt"), "to": format!("{d}/Notes/caf%E9 (1).txt"), "size": 4},
            ],
        }),
        Lang::En,
    );
    let rows: Vec<(String, u64)> = table["groups"][0]["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| {
            (
                row["id"].as_str().unwrap().to_owned(),
                row["step"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(rows, [("r1".to_owned(), 1), ("r2".to_owned(), 2)]);
}

/// Among files of one size, a copy's reason names the file of its very
/// bytes (the digests the dry run read), never the first of that size;
/// a copy whose twin's bytes nobody read names none.
#[test]
fn a_copy_names_the_file_of_its_very_bytes_among_files_of_its_size() {
    let d = "/home/u/Downloads";
    let input = |twin_digest: Option<&str>| {
        let mut entries = vec![
            json!({"name": "Invoice-0003.pdf", "size": 4000, "digest": "blake3:03"}),
            json!({"name": "Invoice-0012.pdf", "size": 4000, "digest": "blake3:12"}),
        ];
        let mut twin = json!({"name": "Invoice-0027.pdf", "size": 4000});
        if let Some(digest) = twin_digest {
            twin["digest"] = json!(digest);
        }
        entries.push(twin);
        entries.push(json!({"name": "scan.pdf", "size": 4000}));
        json!({
            "plan": "p1",
            "folder": d,
            "entries": entries,
            "steps": [
                {"op": "create_folder", "path": format!("{d}/Duplicates")},
                {"op": "move", "from": format!("{d}/scan.pdf"), "to": format!("{d}/Duplicates/scan.pdf"), "size": 4000, "digest": "blake3:27"},
            ],
        })
    };
    let table_of = |digest| table(input(digest), Lang::En);
    assert_eq!(
        row(&table_of(Some("blake3:27")), "scan.pdf")["why"],
        json!({"type": "duplicate", "text": "same bytes as Invoice-0027.pdf"})
    );
    assert_eq!(
        row(&table_of(None), "scan.pdf")["why"],
        json!({"type": "duplicate", "text": "same bytes as a file kept here"})
    );
}

#[test]
fn a_row_going_into_a_persons_folder_says_the_evidence() {
    let d = "/home/u/Desktop";
    let input = json!({
        "plan": "p1",
        "folder": d,
        "entries": [
            {"name": "Chase Statement 2025-03.pdf", "size": 10},
            {"name": "BIO101 quiz 4.pdf", "size": 10},
            {"name": "Statements 2025", "dir": true,
             "holds": ["Chase Statement 2025-01.pdf", "Chase Statement 2025-02.pdf"]},
            {"name": "BIO101", "dir": true},
        ],
        "steps": [
            {"op": "move", "from": format!("{d}/Chase Statement 2025-03.pdf"), "to": format!("{d}/Statements 2025/Chase Statement 2025-03.pdf"), "size": 10},
            {"op": "move", "from": format!("{d}/BIO101 quiz 4.pdf"), "to": format!("{d}/BIO101/BIO101 quiz 4.pdf"), "size": 10},
        ],
    });
    let english = table(input.clone(), Lang::En);
    let why = &row(&english, "Chase Statement 2025-03.pdf")["why"];
    assert_eq!(why["type"], "existing");
    assert_eq!(why["text"], "like the 2 files in Statements 2025/");
    assert_eq!(
        row(&english, "BIO101 quiz 4.pdf")["why"]["text"],
        "named after BIO101/"
    );
    let chinese = table(input, Lang::Zh);
    assert_eq!(
        row(&chinese, "Chase Statement 2025-03.pdf")["why"]["text"],
        "与 Statements 2025/ 里的 2 个文件同样命名"
    );
}
