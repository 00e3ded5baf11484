//! End-to-end tests of the `wartime` binary: each runs the real executable on the shipped
//! positions and checks its exact output, exit code and files.

mod common;

use common::run;
use std::path::{Path, PathBuf};
use std::process::Output;

fn positions() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../positions")
}

fn duel() -> String {
    positions().join("duel.json").display().to_string()
}

/// A fresh path in cargo's per-target temporary directory.
fn tmp(name: &str) -> PathBuf {
    common::tmp("wartime-cli", name)
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

/// Runs and expects success; returns standard output.
fn ok(args: &[&str]) -> String {
    let o = run(args);
    assert!(
        o.status.success(),
        "wartime {args:?} failed ({:?}):\n{}{}",
        o.status.code(),
        stdout(&o),
        stderr(&o)
    );
    assert!(stderr(&o).is_empty(), "{}", stderr(&o));
    stdout(&o)
}

/// Runs and expects exit code 2; returns (stdout, stderr).
fn fails(args: &[&str]) -> (String, String) {
    let o = run(args);
    assert_eq!(
        o.status.code(),
        Some(2),
        "wartime {args:?}:\n{}{}",
        stdout(&o),
        stderr(&o)
    );
    (stdout(&o), stderr(&o))
}

/// The text of the cell of square (x, y) in `show` output with two-character cells.
fn cell(show: &str, x: usize, y: usize) -> String {
    let prefix = format!("{y:>2} ");
    let line = show
        .lines()
        .find(|l| l.starts_with(&prefix) && l.len() > 3 && !l[3..].contains(':'))
        .unwrap_or_else(|| panic!("no row {y} in\n{show}"));
    line.chars().skip(3 + 2 * x).take(2).collect()
}

#[test]
fn show_duel_draws_the_board_and_the_legend() {
    let s = ok(&["show", &duel()]);
    let lines: Vec<&str> = s.lines().collect();
    assert_eq!(lines[0], "Duelo en el patio (16×12)");
    assert_eq!(lines[2], "                        1 1 1 1 1 1");
    assert_eq!(lines[3], "    0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5");
    assert_eq!(lines[4], " 0  . . . . . . . . . . . . . . . .");
    assert_eq!(lines[5], " 1  . . .A1 . . . . . . . . . . . .");
    assert_eq!(lines[9], " 5  . . . . . . # # . . . . H . . .");
    assert_eq!(lines[14], "10  . . . . . . . . . . . .B1 . . .");
    assert_eq!(cell(&s, 3, 1), "A1");
    assert_eq!(cell(&s, 12, 10), "B1");
    assert_eq!(cell(&s, 4, 2), " o");
    assert_eq!(cell(&s, 10, 2), " ,");
    assert!(s.contains(
        "\nterrain: . easy  , difficult  ~ extreme  o low obstacle  H high obstacle  # wall  \
         w deep water  _ gap   units: A1, B1 … (casualty: x)\n"
    ));
    assert!(s.contains(
        "\nA1 Tirador (Humano) at 3,1 facing S standing ENE 0 wounds 0/4 stress 0/4 status -; \
         weapons: w1 Fusil DAÑ 3 ALC 15 ammo 10/10, w2 Cuchillo DAÑ 1 ALC 0; \
         protections: Cuero DEF 1; 67 pts\n"
    ));
    assert!(s.contains(
        "\nB1 Espadachín (Veterano) at 12,10 facing N standing ENE 0 wounds 0/5 stress 0/5 \
         status -; weapons: w1 Espada DAÑ 2 ALC 0; protections: Cota de malla DEF 2; 67 pts\n"
    ));
    assert!(s.contains(
        "\nturn 1/6, phase 10, advantage to be rolled, score A 0 B 0\n\
         decision (initiative): side A picks the character whose VOL it rolls for initiative\n"
    ));
    assert!(s.ends_with(
        "scenario: Duelo (points limit 150, turn limit 6)\n\
         deployment: A 0,0..15,1  B 0,10..15,11\n"
    ));
}

#[test]
fn legal_duel_starts_with_the_initiative_decision() {
    let s = ok(&["legal", &duel()]);
    assert_eq!(
        s,
        "# side A picks the character whose VOL it rolls for initiative (1 legal action)\n\
         init a1\n"
    );
    assert_eq!(ok(&["legal", "--plain", &duel()]), "init a1\n");
}

#[test]
fn apply_initiative_reports_totals_and_advantage() {
    // Humano VOL 4 + 3 = 7 for A; Veterano VOL 5 + 7 = 12 for B: advantage B.
    let s = ok(&["apply", &duel(), "init a1", "init b1", "--dice", "3,7"]);
    assert!(
        s.starts_with("> init a1\n> init b1\n  initiative A 7 B 12: advantage B\n  phase 10\n"),
        "{s}"
    );
    // Nobody has VOL above 5, so phases 10..6 pass until B's Veterano may act.
    assert!(s.contains("  phase 5\ndecision (activate): side B picks a character to activate (turn 1, phase 5)\n"), "{s}");
    assert!(
        s.ends_with("dice: 2 scripted used, 0 drawn from seed 0\n"),
        "{s}"
    );
}

#[test]
fn apply_reports_when_the_script_runs_out() {
    let s = ok(&[
        "apply",
        &duel(),
        "init a1",
        "init b1",
        "--dice",
        "3",
        "--seed",
        "9",
    ]);
    assert!(
        s.ends_with("dice: 1 scripted used, 1 drawn from seed 9 (the script ran out)\n"),
        "{s}"
    );
    let s = ok(&["apply", &duel(), "init a1", "init b1", "--dice", "3,7,1"]);
    assert!(
        s.ends_with("dice: 2 scripted used, 0 drawn from seed 0 (1 scripted left unused)\n"),
        "{s}"
    );
}

#[test]
fn apply_garbage_cannot_parse() {
    let out = tmp("garbage.json");
    let (o, e) = fails(&[
        "apply",
        &duel(),
        "init a1",
        "fly to the moon",
        "--out",
        out.to_str().unwrap(),
    ]);
    // What happened before the bad action is still reported; nothing is written.
    assert_eq!(o, "> init a1\n");
    assert_eq!(e.lines().count(), 1, "{e}");
    assert!(
        e.starts_with("error: cannot parse action 2 \"fly to the moon\": "),
        "{e}"
    );
    assert!(e.contains("nothing written to"), "{e}");
    assert!(!out.exists());
}

#[test]
fn apply_illegal_action_is_rejected() {
    let out = tmp("illegal.json");
    let (o, e) = fails(&["apply", &duel(), "init b1", "--out", out.to_str().unwrap()]);
    assert_eq!(o, "");
    assert_eq!(
        e.lines().next().unwrap(),
        format!(
            "error: illegal action 1 \"init b1\": the decision now is: side A picks the \
             character whose VOL it rolls for initiative (nothing written to {})",
            out.display()
        )
    );
    assert!(!out.exists());
    // Parseable but illegal later in the game too: b1 cannot run 20 squares.
    let (_, e) = fails(&[
        "apply",
        &duel(),
        "init a1",
        "init b1",
        "activate b1",
        "b1 run 0,0",
        "--dice",
        "3,7",
    ]);
    assert!(
        e.starts_with("error: illegal action 4 \"b1 run 0,0\""),
        "{e}"
    );
}

#[test]
fn apply_out_writes_a_position_that_loads_again() {
    let out = tmp("after.json");
    let o = out.to_str().unwrap();
    let s = ok(&[
        "apply",
        &duel(),
        "init a1",
        "init b1",
        "activate b1",
        "b1 run 11,8 +",
        "--dice",
        "3,7",
        "--out",
        o,
    ]);
    assert!(
        s.contains("> activate b1\n  b1 activates with ENE 10\n"),
        "{s}"
    );
    assert!(
        s.contains("> b1 run 11,8 +\n  b1 spends ENE 3 (left 7)\n  b1 moves 12,10 -> 11,8\n"),
        "{s}"
    );
    assert!(s.ends_with(&format!("wrote {o}\n")), "{s}");
    // The file is elsewhere than duel.json: its catalogue path was rebased.
    let shown = ok(&["show", o]);
    assert_eq!(cell(&shown, 11, 8), "B1");
    assert_eq!(cell(&shown, 12, 10), " .");
    assert!(
        shown.contains(
            "B1 Espadachín (Veterano) at 11,8 facing NW standing ENE 7 wounds 0/5 \
             stress 0/5 status energised,ran;"
        ),
        "{shown}"
    );
    assert!(
        shown.contains("decision (act): b1 acts (ENE 7)\n"),
        "{shown}"
    );
    // Play goes on from the file.
    let legal = ok(&["legal", o]);
    assert!(legal.starts_with("# b1 acts (ENE 7) ("), "{legal}");
    let again = ok(&["apply", o, "b1 end facing N"]);
    assert!(again.starts_with("> b1 end facing N\n"), "{again}");
}

#[test]
fn print_state_prints_the_json() {
    let s = ok(&["apply", &duel(), "init a1", "--print-state"]);
    let json = &s[s.find('{').expect("JSON in the output")..];
    let setup = engine::Setup::from_json(json).unwrap();
    assert_eq!(setup.name, "Duelo en el patio");
    assert!(setup.game.is_some());
}

#[test]
fn legal_lines_parse_back_and_show_movement_cost() {
    let out = tmp("legal.json");
    let o = out.to_str().unwrap();
    ok(&[
        "apply",
        &duel(),
        "init a1",
        "init b1",
        "activate b1",
        "--dice",
        "3,7",
        "--out",
        o,
    ]);
    let legal = ok(&["legal", o]);
    let lines: Vec<&str> = legal.lines().collect();
    assert!(lines[0].starts_with("# b1 acts (ENE 10) ("), "{legal}");
    let n: usize = lines[0]
        .rsplit('(')
        .next()
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(n, lines.len() - 1);
    assert!(lines.contains(&"b1 move 12,9  # ENE 1"), "{legal}");
    assert!(lines.contains(&"b1 run 11,8 +  # ENE 3"), "{legal}");
    assert!(lines.contains(&"b1 end facing N"), "{legal}");
    let plain = ok(&["legal", "--plain", o]);
    let stripped: Vec<&str> = lines[1..]
        .iter()
        .map(|l| l.split("  #").next().unwrap())
        .collect();
    assert_eq!(plain.lines().collect::<Vec<_>>(), stripped);
    // A sample of the lines applies as given.
    for l in stripped.iter().step_by(17) {
        ok(&["apply", o, l]);
    }
}

#[test]
fn points_prices_archetypes_characters_and_lists() {
    let s = ok(&["points", &duel()]);
    for line in [
        "  Humano: CON 4=5 + AGI 4=5 + INT 4=5 + VOL 4=5 = 20",
        "  Fusil: table(ENE 3, DAÑ 3)=13 + ALC 15 + CAL 5 + traits -5 [Cargadores (10) -5] = 28",
        "  Cuero: DEF 1×3=3 + TAL 4 + CAL 3 - ENE 1 = 9",
        "  A1 Tirador: Humano 20 + Fusil 28 + Cuchillo 10 + Cuero 9 = 67",
        "  B1 Espadachín: Veterano 40 + Espada 15 + Cota de malla 12 = 67",
        "lists (points limit 150):",
        "  side A: A1 67 = 67 / 150 (83 under the limit)",
        "  side B: B1 67 = 67 / 150 (83 under the limit)",
    ] {
        assert!(s.lines().any(|l| l == line), "missing {line:?} in\n{s}");
    }
    let all = ok(&["points", "--catalogue", &duel()]);
    assert!(all.contains("  Caballo: MOV "), "{all}");
    assert!(
        all.contains("  Botiquín: ALC 1 + CAL 3 - ENE 3 = 1\n"),
        "{all}"
    );
}

#[test]
fn missing_file_is_an_error_naming_it() {
    for cmd in ["show", "legal", "points"] {
        let (o, e) = fails(&[cmd, "/no/such/position.json"]);
        assert_eq!(o, "");
        assert!(
            e.starts_with("error: /no/such/position.json: cannot read: "),
            "{e}"
        );
    }
    let (_, e) = fails(&["apply", "/no/such/position.json", "init a1"]);
    assert!(
        e.starts_with("error: /no/such/position.json: cannot read"),
        "{e}"
    );
}

#[test]
fn malformed_files_are_errors_naming_the_problem() {
    let bad = tmp("malformed.json");
    std::fs::write(&bad, "{ \"name\": \"x\", ").unwrap();
    let (_, e) = fails(&["show", bad.to_str().unwrap()]);
    assert!(
        e.starts_with(&format!("error: {}: position: ", bad.display())),
        "{e}"
    );
    assert!(e.contains("EOF while parsing"), "{e}");

    // Valid JSON, invalid position: the field is named.
    let text = std::fs::read_to_string(positions().join("duel.json")).unwrap();
    let duel: serde_json::Value = serde_json::from_str(&text).unwrap();
    let mut v = duel.clone();
    v["sides"]["A"][0]["at"] = serde_json::json!([40, 1]);
    let off = tmp("offboard.json");
    std::fs::write(&off, v.to_string()).unwrap();
    std::fs::copy(
        positions().join("catalogue.json"),
        off.with_file_name("catalogue.json"),
    )
    .unwrap();
    let (_, e) = fails(&["legal", off.to_str().unwrap()]);
    assert!(
        e.contains("sides.A[0].at: 40,1 is outside the 16×12 board"),
        "{e}"
    );

    let mut v = duel;
    v["sides"]["B"][0]["colour"] = serde_json::json!("red");
    let unknown = tmp("unknown.json");
    std::fs::write(&unknown, v.to_string()).unwrap();
    let (_, e) = fails(&["points", unknown.to_str().unwrap()]);
    assert!(
        e.contains("sides.B[0].colour: unknown field \"colour\"; allowed: one of"),
        "{e}"
    );
}

#[test]
fn bad_arguments_exit_2() {
    let (_, e) = fails(&["apply", &duel(), "init a1", "--dice", "3,11"]);
    assert!(e.contains("11 is not in 1..=10"), "{e}");
    fails(&["apply", &duel()]);
    fails(&["frobnicate"]);
}

#[test]
fn version_and_help() {
    assert_eq!(
        ok(&["--version"]),
        format!("wartime {}\n", env!("CARGO_PKG_VERSION"))
    );
    let h = ok(&["--help"]);
    assert!(
        h.starts_with("Wartime The Game: rules referee, analysis and AI opponent"),
        "{h}"
    );
    for sub in ["show", "legal", "apply", "points"] {
        assert!(h.contains(&format!("\n  {sub} ")), "{h}");
        let hs = ok(&[sub, "--help"]);
        assert!(hs.contains(&format!("Usage: wartime {sub} ")), "{hs}");
    }
}

#[test]
fn tactics_files_load_wherever_a_position_does() {
    // A tactics file keeps its position under `position`: legal, show and analyze read it, and
    // a tactics file with a broken position names the tactics file's field.
    let t = positions().join("tactics/18_surprise_attack.json");
    let t = t.display().to_string();
    let legal = ok(&["legal", &t]);
    assert!(legal.starts_with("# a1 acts (ENE 4)"), "{legal}");
    assert!(legal.contains("\na1 sneak 4,4  # ENE 2\n"), "{legal}");
    let shown = ok(&["show", &t]);
    assert!(shown.starts_with("Surprise from behind"), "{shown}");
    let a = ok(&["analyze", &t, "--iterations", "300", "--json"]);
    assert!(a.contains("\"best\""), "{a}");
    let text = std::fs::read_to_string(&t).unwrap();
    let bad = tmp("bad_tactic.json");
    std::fs::write(&bad, text.replacen("\"Humano\"", "\"Marciano\"", 1)).unwrap();
    let (_, e) = fails(&["legal", &bad.display().to_string()]);
    assert!(e.contains("bad_tactic.json: position"), "{e}");
}

#[test]
fn legal_says_what_an_area_covers_and_how_far_a_miss_scatters() {
    // trenches_3v3: the grenadier's R3 at 8,4 covers the flamer a2 and the orc b1 wholly
    // (friend and foe alike); thrown 6 K, a miss scatters 1D10 K (one 15 K band).
    let t = positions().join("trenches_3v3.json").display().to_string();
    let legal = ok(&["legal", &t]);
    assert!(
        legal.contains(
            "a1 area w1 8,4  # R3 covers a2 whole, b1 whole; a miss scatters up to 10 K\n"
        ),
        "{legal}"
    );
    // `--plain` keeps the bare notation.
    assert!(ok(&["legal", "--plain", &t]).contains("a1 area w1 8,4\n"));
}
