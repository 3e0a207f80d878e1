//! The GTP front end: framing, preprocessing, and the command loop.
//!
//! Input is read on its own thread (so `# interrupt` from GoGui and any line that
//! stops an analysis stream are seen while a command runs) and handed to the loop
//! as raw bytes. The loop answers strictly in arrival order: `=id result` or
//! `?id message`, a space after the id even for an empty result, no empty line
//! inside a response, one empty line after it, and a flush. Nothing else is ever
//! written to the output; logs go to stderr.
//!
//! Streaming commands (the analysis commands of `engine::clients`) write their own
//! response line by line while a search runs, watching the input channel; the
//! line that stops an analysis is handed back to the loop and run next, so no
//! input is lost or reordered.
//!
//! The loop is generic over `BufRead`/`Write`, so tests drive it in-process.

pub mod command;
pub mod engine;
mod files;
pub mod json_analysis;
pub mod review;
/// Vertex and color names live with the board; GTP speaks them as they are.
pub use crate::board::vertex;

use std::io::{self, BufRead, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;

pub use engine::Engine;

/// Longest input line kept; the rest of a longer line is discarded (the command
/// then fails on its truncated arguments instead of exhausting memory).
pub const MAX_LINE: usize = 64 * 1024;

/// One request after preprocessing.
#[derive(Clone, Debug, PartialEq)]
pub struct Request {
    pub id: Option<u64>,
    pub name: String,
    pub args: Vec<String>,
}

/// GTP preprocessing of one raw line: control characters other than tab dropped,
/// everything from `#` cut, tabs made spaces. `None` for lines left empty.
pub fn preprocess(raw: &[u8]) -> Option<Request> {
    let mut cleaned = Vec::with_capacity(raw.len());
    for &b in raw {
        match b {
            b'#' => break,
            b'\t' => cleaned.push(b' '),
            0..=31 | 127 => {}
            _ => cleaned.push(b),
        }
    }
    let text = String::from_utf8_lossy(&cleaned);
    let mut words = text.split(' ').filter(|w| !w.is_empty());
    let first = words.next()?;
    let (id, name) = if first.bytes().all(|b| b.is_ascii_digit()) {
        (
            first.parse::<u64>().ok(),
            words.next().unwrap_or("").to_string(),
        )
    } else {
        (None, first.to_string())
    };
    Some(Request {
        id,
        name,
        args: words.map(String::from).collect(),
    })
}

/// Formats a response: `=id result` / `?id message`, then one empty line. Empty
/// lines inside the text are removed so the client cannot mistake them for the end.
fn format_response(id: Option<u64>, result: &Result<String, String>) -> String {
    let (mark, text) = match result {
        Ok(t) => ('=', t),
        Err(t) => ('?', t),
    };
    let id = id.map(|i| i.to_string()).unwrap_or_default();
    let body: Vec<&str> = text.trim_end_matches('\n').split('\n').collect();
    let mut out = format!("{mark}{id} ");
    let mut first = true;
    for line in body {
        let line = line.trim_end_matches('\r');
        if first {
            out.push_str(line);
            first = false;
        } else if !line.trim().is_empty() {
            out.push('\n');
            out.push_str(line);
        }
    }
    out.push_str("\n\n");
    out
}

/// Reads raw lines (at most [`MAX_LINE`] bytes kept) until end of input.
fn read_line_limited<R: BufRead>(input: &mut R) -> io::Result<Option<Vec<u8>>> {
    read_line_within(input, MAX_LINE)
}

/// Reads one raw line, keeping at most `limit` bytes of it (the rest is
/// read and dropped, so memory stays bounded whatever arrives); `None` at
/// the end of input. A kept line of exactly `limit` bytes may have been cut.
pub(crate) fn read_line_within<R: BufRead>(
    input: &mut R,
    limit: usize,
) -> io::Result<Option<Vec<u8>>> {
    let mut line = Vec::new();
    let mut any = false;
    loop {
        let buf = match input.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            return Ok(any.then_some(line));
        }
        any = true;
        let (chunk, found, used) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], true, i + 1),
            None => (buf, false, buf.len()),
        };
        let room = limit.saturating_sub(line.len());
        line.extend_from_slice(&chunk[..chunk.len().min(room)]);
        input.consume(used);
        if found {
            return Ok(Some(line));
        }
    }
}

/// Whether a raw line is GoGui's `# interrupt` (a comment to every other reader).
fn is_interrupt(raw: &[u8]) -> bool {
    let text = String::from_utf8_lossy(raw);
    let t = text.trim();
    t.starts_with('#') && t[1..].trim() == "interrupt"
}

/// Spawns the input thread: raw lines go to the returned channel, and `# interrupt`
/// lines also raise `interrupt` at once.
fn spawn_reader<R: BufRead + Send + 'static>(
    mut input: R,
    interrupt: Arc<AtomicBool>,
) -> mpsc::Receiver<Vec<u8>> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        while let Ok(Some(line)) = read_line_limited(&mut input) {
            if is_interrupt(&line) {
                interrupt.store(true, Ordering::SeqCst);
            }
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    rx
}

/// Runs the GTP loop until `quit` or end of input.
pub fn run<R: BufRead + Send + 'static, W: Write>(
    engine: &mut Engine,
    input: R,
    mut output: W,
) -> io::Result<()> {
    let lines = spawn_reader(input, engine.interrupt_flag());
    loop {
        let raw = match engine.take_pending_line() {
            Some(raw) => raw,
            // Ponders meanwhile when `--ponder` is on and the opponent is to move.
            None => match engine.next_line(&lines) {
                Some(raw) => raw,
                None => break,
            },
        };
        let Some(request) = preprocess(&raw) else {
            continue;
        };
        engine.clear_interrupt();
        let (result, quit) = engine.execute(&request, &lines, &mut output)?;
        if let Some(result) = result {
            output.write_all(format_response(request.id, &result).as_bytes())?;
        }
        output.flush()?;
        if quit {
            break;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn preprocessing() {
        assert_eq!(preprocess(b"   "), None);
        assert_eq!(preprocess(b"# comment"), None);
        let r = preprocess(b"12 play\tb  d4 # what").unwrap();
        assert_eq!(r.id, Some(12));
        assert_eq!(r.name, "play");
        assert_eq!(r.args, vec!["b", "d4"]);
        let r = preprocess(b"na\x01me\r").unwrap();
        assert_eq!(r.name, "name");
        assert_eq!(preprocess(b"7").unwrap().name, "");
    }

    #[test]
    fn framing() {
        assert_eq!(format_response(Some(3), &Ok(String::new())), "=3 \n\n");
        assert_eq!(
            format_response(None, &Err("illegal move".into())),
            "? illegal move\n\n"
        );
        assert_eq!(format_response(None, &Ok("a\n\nb\n".into())), "= a\nb\n\n");
    }

    #[test]
    fn long_lines_are_cut() {
        let mut input = io::Cursor::new(vec![b'x'; MAX_LINE * 3]);
        let line = read_line_limited(&mut input).unwrap().unwrap();
        assert_eq!(line.len(), MAX_LINE);
        assert!(read_line_limited(&mut input).unwrap().is_none());
    }

    #[test]
    fn interrupt_detection() {
        assert!(is_interrupt(b"# interrupt"));
        assert!(is_interrupt(b"#interrupt\r"));
        assert!(!is_interrupt(b"interrupt"));
    }
}
