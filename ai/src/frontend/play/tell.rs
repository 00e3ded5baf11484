//! What terminal play tells the human (PROTOCOL.md §10): the legal actions numbered and grouped
//! by unit and kind, the bot's reasons (win %, its plan, the best alternative, the risks), and
//! the board redrawn only when it changed. Why: a newcomer should see what can be done and why
//! the bot did what it did without typing `help` or reading raw protocol lines.

/// The legal actions, numbered from 1 in the engine's order, grouped by their unit and verb
/// (`a1 move`) or by their verb alone (`init`, `end`): one line per group, wrapped.
pub(super) fn legal_lines(actions: &[String]) -> Vec<String> {
    let mut groups: Vec<(String, Vec<String>)> = Vec::new();
    for (k, a) in actions.iter().enumerate() {
        let w: Vec<&str> = a.split_whitespace().collect();
        let is_label = |t: &str| {
            let mut c = t.chars();
            matches!(c.next(), Some('a' | 'b' | 'A' | 'B')) && c.as_str().parse::<u8>().is_ok()
        };
        let (key, rest) = match w.as_slice() {
            [u, verb, rest @ ..] if is_label(u) => (format!("{u} {verb}"), rest.join(" ")),
            [verb, rest @ ..] => (verb.to_string(), rest.join(" ")),
            [] => (String::new(), String::new()),
        };
        let item = if rest.is_empty() {
            format!("{}", k + 1)
        } else {
            format!("{} {rest}", k + 1)
        };
        match groups.iter_mut().find(|(g, _)| *g == key) {
            Some((_, v)) => v.push(item),
            None => groups.push((key, vec![item])),
        }
    }
    let width = groups.iter().map(|(g, _)| g.len()).max().unwrap_or(0);
    let mut out = vec![format!(
        "legal actions ({}) — type a number, or an action in notation:",
        actions.len()
    )];
    for (g, items) in groups {
        let mut line = format!("  {g:<width$} ");
        let indent = line.chars().count();
        let mut first = true;
        for it in items {
            if !first && line.chars().count() + it.chars().count() + 3 > 96 {
                out.push(line);
                line = " ".repeat(indent);
                first = true;
            }
            if !first {
                line.push_str(" · ");
            }
            line.push_str(&it);
            first = false;
        }
        out.push(line);
    }
    out
}

/// The value of `key` in a line of `key value` words.
fn field<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let head = line.split(" pv ").next().unwrap_or(line);
    let w: Vec<&str> = head.split_whitespace().collect();
    w.iter()
        .position(|t| *t == key)
        .and_then(|i| w.get(i + 1).copied())
}

fn pct(line: &str, key: &str) -> String {
    field(line, key)
        .and_then(|x| x.parse::<f64>().ok())
        .map_or_else(|| "?".into(), |p| format!("{:.0}%", 100.0 * p))
}

/// Why the bot chose its action: from the final `info` lines of its search (one per
/// candidate, `multipv`), its win %, its plan (the first steps of the principal variation), its
/// risk line, and the best alternative with its win %.
pub(super) fn bot_reasons(lines: &[String]) -> Vec<String> {
    // The last line of each candidate is its final one.
    let mut finals: Vec<(usize, &String)> = Vec::new();
    for l in lines.iter().filter(|l| l.starts_with("info ")) {
        if let Some(k) = field(l, "multipv").and_then(|k| k.parse::<usize>().ok()) {
            match finals.iter_mut().find(|(j, _)| *j == k) {
                Some(e) => e.1 = l,
                None => finals.push((k, l)),
            }
        }
    }
    finals.sort_by_key(|(k, _)| *k);
    let mut out = Vec::new();
    let Some((_, best)) = finals.first() else {
        return out;
    };
    let pv: Vec<&str> = best
        .split(" pv ")
        .nth(1)
        .unwrap_or("")
        .split(" ; ")
        .collect();
    let plan = if pv.len() > 4 {
        format!("{} ; …", pv[..4].join(" ; "))
    } else {
        pv.join(" ; ")
    };
    out.push(format!(
        "  why: win {} after {} iterations; plan: {plan}",
        pct(best, "value"),
        field(best, "iterations").unwrap_or("?"),
    ));
    out.push(format!(
        "  risk: reaction window {}, hit by a reaction {}, wounds dealt {} / taken {}, CH PSI {} \
         (failed {}){}",
        pct(best, "risk_window"),
        pct(best, "risk_hit"),
        field(best, "risk_dealt").unwrap_or("?"),
        field(best, "risk_taken").unwrap_or("?"),
        pct(best, "risk_psi"),
        pct(best, "risk_psifail"),
        if field(best, "risk_outnumbered") == Some("1") {
            ", ends outnumbered"
        } else {
            ""
        }
    ));
    if let Some((_, alt)) = finals.get(1) {
        let first = alt.split(" pv ").nth(1).unwrap_or("").split(" ; ").next();
        out.push(format!(
            "  best alternative: {} (win {})",
            first.unwrap_or("?"),
            pct(alt, "value")
        ));
    }
    out
}

/// What to print of the `show` answer `now` after `last` was printed: everything when the board
/// (the lines up to the terrain legend) changed, otherwise only the lines that changed (the
/// units moved by nothing, the turn line) — `None` when nothing did.
pub(super) fn screen_changes(last: &[String], now: &[String]) -> Option<Vec<String>> {
    let board_end = |v: &[String]| {
        v.iter()
            .position(|l| l.starts_with("terrain:"))
            .unwrap_or(v.len())
    };
    let (bl, bn) = (board_end(last), board_end(now));
    if last.is_empty() || last[..bl] != now[..bn] {
        return Some(now.to_vec());
    }
    let changed: Vec<String> = now[bn..]
        .iter()
        .filter(|l| !l.is_empty() && !last[bl..].contains(l))
        .cloned()
        .collect();
    if changed.is_empty() {
        None
    } else {
        Some(changed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(v: &[&str]) -> Vec<String> {
        v.iter().map(|x| x.to_string()).collect()
    }

    #[test]
    fn legal_actions_are_grouped_by_unit_and_verb() {
        let v = legal_lines(&s(&["a1 move 3,4", "a1 move 4,4", "a1 shoot b1 w1", "end"]));
        assert_eq!(
            v,
            s(&[
                "legal actions (4) — type a number, or an action in notation:",
                "  a1 move  1 3,4 · 2 4,4",
                "  a1 shoot 3 b1 w1",
                "  end      4",
            ])
        );
    }

    #[test]
    fn the_bot_gives_its_reasons() {
        let l = s(&[
            "info multipv 1 iterations 10 visits 5 value 0.5 risk_window 0.1 pv x",
            "info multipv 1 iterations 300 nodes 1 visits 200 value 0.6125 risk_window 0.250 \
             risk_hit 0.100 risk_dealt 1.200 risk_taken 0.300 risk_psi 0.000 risk_psifail 0.000 \
             risk_outnumbered 0 risk_ene 0.00 pv activate b1 ; b1 move 3,4 + ; b1 run 5,6",
            "info multipv 2 iterations 300 nodes 1 visits 90 value 0.5500 risk_window 0.000 pv \
             activate b2 ; b2 hide",
            "bestaction activate b1",
        ]);
        assert_eq!(
            bot_reasons(&l),
            s(&[
                "  why: win 61% after 300 iterations; plan: activate b1 ; b1 move 3,4 + ; b1 run 5,6",
                "  risk: reaction window 25%, hit by a reaction 10%, wounds dealt 1.200 / taken \
                 0.300, CH PSI 0% (failed 0%)",
                "  best alternative: activate b2 (win 55%)",
            ])
        );
    }

    #[test]
    fn the_board_is_redrawn_only_when_it_changed() {
        let a = s(&["map 1", "terrain: …", "a1 at 1,1", "turn 1"]);
        let moved = s(&["map 2", "terrain: …", "a1 at 2,1", "turn 1"]);
        let turn = s(&["map 1", "terrain: …", "a1 at 1,1", "turn 2"]);
        assert_eq!(screen_changes(&a, &moved), Some(moved.clone()));
        assert_eq!(screen_changes(&a, &turn), Some(s(&["turn 2"])));
        assert_eq!(screen_changes(&a, &a), None);
        assert_eq!(screen_changes(&[], &a), Some(a.clone()));
    }
}
