//! Files named by a controller (`loadsgf FILE`, `printsgf FILE`).
//!
//! A controller may name anything the engine's user can open: a FIFO, a terminal,
//! `/dev/stdin` (the engine's own GTP input), `/dev/zero`. Reading or writing any
//! of those could block the engine for good, swallow the commands that follow, or
//! take memory without bound, so only regular files are read or written:
//!
//! - the path's metadata (symlinks followed) must say "regular file" before the
//!   file is opened;
//! - the open itself cannot block where the platform's `O_NONBLOCK` is known (a
//!   FIFO swapped in after the check would otherwise block `open` until a peer
//!   appears), and the opened file's own metadata is checked again;
//! - a read takes at most its limit plus one byte, so a file that grows after the
//!   check is still refused rather than read whole;
//! - a write truncates only after the opened file proved to be regular.

use std::fmt;
use std::fs::{self, OpenOptions};
use std::io::{self, Read, Write};
use std::path::Path;

/// Why a file was not read or written.
#[derive(Debug)]
pub(crate) enum FileError {
    /// A FIFO, device, socket or directory: never opened for content.
    NotRegular,
    /// Larger than the caller's limit (in bytes).
    TooLarge(u64),
    Io(io::Error),
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FileError::NotRegular => write!(f, "not a regular file"),
            FileError::TooLarge(limit) => write!(f, "larger than {limit} bytes"),
            FileError::Io(e) => write!(f, "{e}"),
        }
    }
}

impl From<io::Error> for FileError {
    fn from(e: io::Error) -> FileError {
        FileError::Io(e)
    }
}

/// `O_NONBLOCK` for the platforms whose value is known; 0 (no flag) elsewhere,
/// where only the race between the check and the open could still block.
#[cfg(all(
    any(target_os = "linux", target_os = "android"),
    any(target_arch = "mips", target_arch = "mips64")
))]
const O_NONBLOCK: i32 = 0x80;
#[cfg(all(
    any(target_os = "linux", target_os = "android"),
    any(target_arch = "sparc", target_arch = "sparc64")
))]
const O_NONBLOCK: i32 = 0x4000;
#[cfg(all(
    any(target_os = "linux", target_os = "android"),
    not(any(
        target_arch = "mips",
        target_arch = "mips64",
        target_arch = "sparc",
        target_arch = "sparc64"
    ))
))]
const O_NONBLOCK: i32 = 0o4000;
#[cfg(any(
    target_os = "macos",
    target_os = "ios",
    target_os = "freebsd",
    target_os = "netbsd",
    target_os = "openbsd",
    target_os = "dragonfly"
))]
const O_NONBLOCK: i32 = 0x4;
#[cfg(all(
    unix,
    not(any(
        target_os = "linux",
        target_os = "android",
        target_os = "macos",
        target_os = "ios",
        target_os = "freebsd",
        target_os = "netbsd",
        target_os = "openbsd",
        target_os = "dragonfly"
    ))
))]
const O_NONBLOCK: i32 = 0;

fn open_options() -> OpenOptions {
    #[allow(unused_mut)]
    let mut options = OpenOptions::new();
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(O_NONBLOCK);
    }
    options
}

fn regular(meta: &fs::Metadata) -> Result<(), FileError> {
    if meta.is_file() {
        Ok(())
    } else {
        Err(FileError::NotRegular)
    }
}

/// The largest SGF file koban reads (`loadsgf`, `koban review`).
pub(crate) const MAX_SGF_BYTES: u64 = 16 * 1024 * 1024;

/// Reads a regular file of at most `limit` bytes.
pub(crate) fn read_regular(path: &Path, limit: u64) -> Result<Vec<u8>, FileError> {
    let too_large = |len: u64| {
        if len > limit {
            Err(FileError::TooLarge(limit))
        } else {
            Ok(())
        }
    };
    let meta = fs::metadata(path)?;
    regular(&meta)?;
    too_large(meta.len())?;
    let file = open_options().read(true).open(path)?;
    let meta = file.metadata()?;
    regular(&meta)?;
    too_large(meta.len())?;
    let mut bytes = Vec::new();
    file.take(limit.saturating_add(1)).read_to_end(&mut bytes)?;
    too_large(bytes.len() as u64)?;
    Ok(bytes)
}

/// Writes `bytes` to a regular file, creating it if the path names nothing.
pub(crate) fn write_regular(path: &Path, bytes: &[u8]) -> Result<(), FileError> {
    match fs::metadata(path) {
        Ok(meta) => regular(&meta)?,
        Err(e) if e.kind() == io::ErrorKind::NotFound => {}
        Err(e) => return Err(e.into()),
    }
    let mut file = open_options().write(true).create(true).open(path)?;
    regular(&file.metadata()?)?;
    file.set_len(0)?;
    file.write_all(bytes)?;
    Ok(())
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::path::PathBuf;

    /// A fresh directory under the system's temporary directory, removed on drop.
    struct Scratch(PathBuf);

    impl Scratch {
        fn new(tag: &str) -> Scratch {
            let dir =
                std::env::temp_dir().join(format!("koban-files-{tag}-{}", std::process::id()));
            let _ = fs::remove_dir_all(&dir);
            fs::create_dir_all(&dir).unwrap();
            Scratch(dir)
        }
    }

    impl Drop for Scratch {
        fn drop(&mut self) {
            let _ = fs::remove_dir_all(&self.0);
        }
    }

    fn mkfifo(path: &Path) {
        let status = std::process::Command::new("mkfifo")
            .arg(path)
            .status()
            .unwrap();
        assert!(status.success());
    }

    #[test]
    fn regular_files_within_the_limit_are_read() {
        let s = Scratch::new("read");
        let path = s.0.join("a.sgf");
        fs::write(&path, b"(;SZ[9])").unwrap();
        assert_eq!(read_regular(&path, 8).unwrap(), b"(;SZ[9])");
        assert!(matches!(
            read_regular(&path, 7),
            Err(FileError::TooLarge(7))
        ));
        // A symlink to a regular file is that file.
        let link = s.0.join("link.sgf");
        std::os::unix::fs::symlink(&path, &link).unwrap();
        assert_eq!(read_regular(&link, 100).unwrap(), b"(;SZ[9])");
        assert!(matches!(
            read_regular(&s.0, 100),
            Err(FileError::NotRegular)
        ));
        assert!(matches!(
            read_regular(&s.0.join("missing"), 100),
            Err(FileError::Io(_))
        ));
    }

    #[test]
    fn devices_and_fifos_are_refused_without_blocking() {
        let s = Scratch::new("special");
        let fifo = s.0.join("fifo");
        mkfifo(&fifo);
        for path in [
            fifo.as_path(),
            Path::new("/dev/zero"),
            Path::new("/dev/null"),
        ] {
            assert!(
                matches!(read_regular(path, 100), Err(FileError::NotRegular)),
                "{path:?}"
            );
            assert!(
                matches!(write_regular(path, b"x"), Err(FileError::NotRegular)),
                "{path:?}"
            );
        }
    }

    #[test]
    fn writes_create_or_replace_regular_files_only() {
        let s = Scratch::new("write");
        let path = s.0.join("out.sgf");
        write_regular(&path, b"long first text").unwrap();
        write_regular(&path, b"short").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"short");
        assert!(matches!(
            write_regular(&s.0, b"x"),
            Err(FileError::NotRegular)
        ));
    }
}
