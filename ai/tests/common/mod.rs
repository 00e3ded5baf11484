//! Helpers shared by the end-to-end tests: the binary, running it, temporary files.
#![allow(dead_code)]

pub mod http;
pub mod process;
pub mod webdriver;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The `wartime` binary cargo built for the tests.
pub const BIN: &str = env!("CARGO_BIN_EXE_wartime");

/// A fresh path `name` in the folder `dir` of cargo's per-target temporary directory.
pub fn tmp(dir: &str, name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(dir);
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    let _ = std::fs::remove_file(&p);
    p
}

/// Runs the binary with `args`, `input` on its standard input (closed after it); its exit
/// code and its standard output (lossy).
pub fn run_with_input(args: &[&str], input: &[u8]) -> (Option<i32>, String) {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("the wartime binary starts");
    child.stdin.take().unwrap().write_all(input).unwrap();
    let o = child.wait_with_output().unwrap();
    (
        o.status.code(),
        String::from_utf8_lossy(&o.stdout).into_owned(),
    )
}

/// Runs the binary with `args`.
pub fn run(args: &[&str]) -> Output {
    Command::new(BIN)
        .args(args)
        .output()
        .expect("the wartime binary runs")
}
