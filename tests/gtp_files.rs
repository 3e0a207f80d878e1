//! Files a controller names for `loadsgf` and `printsgf` that are not regular
//! files: a FIFO, the engine's own standard input or output, endless devices. The
//! real binary must refuse each at once (within a second, its input held open as
//! a client holds it), leave the game as it was, and go on answering.

mod common;

use common::Session;
use std::path::{Path, PathBuf};
use std::time::Duration;

const PROMPT: Duration = Duration::from_secs(1);

/// A fresh directory under the system's temporary directory, removed on drop.
struct Scratch(PathBuf);

impl Scratch {
    fn new(tag: &str) -> Scratch {
        let dir =
            std::env::temp_dir().join(format!("koban-gtp-files-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// An engine that has answered once (so start-up time is not counted) and has
/// played black E5 on 9x9.
fn engine() -> Session {
    let mut s = Session::binary(&[]);
    assert_eq!(s.ask("1 boardsize 9"), ["=1 "]);
    assert_eq!(s.ask("2 play b e5"), ["=2 "]);
    s
}

/// Sends `command` and checks it is refused with `error` within a second, then
/// that the game is still the one [`engine`] set up.
fn refused_at_once(s: &mut Session, command: &str, error: &str) {
    let answer = s
        .ask_within(&format!("7 {command}"), PROMPT)
        .unwrap_or_else(|| panic!("`{command}` not answered within {PROMPT:?}"));
    assert_eq!(answer, [format!("?7 {error}")], "{command}");
    assert_eq!(s.ask("8 list_stones black"), ["=8 E5"], "after {command}");
    assert_eq!(s.ask("9 list_stones white"), ["=9 "], "after {command}");
}

fn mkfifo(path: &Path) {
    let status = std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .unwrap();
    assert!(status.success());
}

#[test]
fn a_fifo_is_neither_read_nor_written() {
    let dir = Scratch::new("fifo");
    let fifo = dir.0.join("f.sgf");
    mkfifo(&fifo);
    // A symlink to it is the FIFO too.
    let link = dir.0.join("link.sgf");
    std::os::unix::fs::symlink(&fifo, &link).unwrap();
    let mut s = engine();
    for path in [&fifo, &link] {
        let path = path.display();
        refused_at_once(&mut s, &format!("loadsgf {path}"), "cannot load file");
        refused_at_once(&mut s, &format!("printsgf {path}"), "cannot save file");
    }
}

#[test]
fn the_engines_own_input_and_output_are_not_files() {
    let mut s = engine();
    for path in ["/dev/stdin", "/proc/self/fd/0"] {
        refused_at_once(&mut s, &format!("loadsgf {path}"), "cannot load file");
    }
    // Writing there would put a record in the middle of the GTP stream.
    for path in ["/dev/stdout", "/proc/self/fd/1"] {
        refused_at_once(&mut s, &format!("printsgf {path}"), "cannot save file");
    }
}

#[test]
fn endless_devices_and_oversized_files_are_refused() {
    let dir = Scratch::new("large");
    // Sparse: one byte over the 16 MiB limit without writing it.
    let large = dir.0.join("large.sgf");
    let file = std::fs::File::create(&large).unwrap();
    file.set_len(16 * 1024 * 1024 + 1).unwrap();
    let mut s = engine();
    for path in [Path::new("/dev/zero"), Path::new("/dev/urandom"), &large] {
        let path = path.display();
        refused_at_once(&mut s, &format!("loadsgf {path}"), "cannot load file");
    }
    refused_at_once(&mut s, "printsgf /dev/null", "cannot save file");
    refused_at_once(
        &mut s,
        &format!("loadsgf {}", dir.0.display()),
        "cannot load file",
    );
    // A regular file is still loaded and written.
    let game = dir.0.join("game.sgf");
    assert_eq!(s.ask(&format!("10 printsgf {}", game.display())), ["=10 "]);
    assert_eq!(s.ask("11 clear_board"), ["=11 "]);
    assert_eq!(s.ask(&format!("12 loadsgf {}", game.display())), ["=12 "]);
    assert_eq!(s.ask("13 list_stones black"), ["=13 E5"]);
}
