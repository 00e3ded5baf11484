//! Reading a file that a user names (POSITIONS.md, "Size limits"): only a regular file, at most
//! a documented number of bytes, UTF-8. Why: a path is user input, and `/dev/zero`, a FIFO or a
//! multi-gigabyte file must be one clear error, never a process that grows without bound or
//! blocks for ever.

use std::io::Read;
use std::path::Path;

/// The most bytes a position, catalogue, tactics or list file may have (1 MiB; the shipped
/// ones are under 6 KB).
pub const MAX_FILE_BYTES: u64 = 1 << 20;

/// Reads a text file of at most `max` bytes.
///
/// # Errors
/// One line, without the path (the caller names it): the path is not a regular file (a
/// directory, a device such as `/dev/zero`, a FIFO, a socket), it is larger than `max` bytes,
/// it cannot be read, or it is not UTF-8.
pub fn read_text(path: &Path, max: u64) -> Result<String, String> {
    let bytes = read_bytes(path, max)?;
    String::from_utf8(bytes).map_err(|e| {
        format!(
            "not UTF-8 text (invalid byte at offset {})",
            e.utf8_error().valid_up_to()
        )
    })
}

/// Reads a file of at most `max` bytes, as bytes.
///
/// # Errors
/// As [`read_text`], except the UTF-8 check.
pub fn read_bytes(path: &Path, max: u64) -> Result<Vec<u8>, String> {
    let meta = std::fs::metadata(path).map_err(|e| format!("cannot read: {e}"))?;
    if !meta.is_file() {
        let what = if meta.is_dir() {
            "a directory"
        } else {
            "a device, pipe or socket"
        };
        return Err(format!("cannot read: {what}, not a regular file"));
    }
    let too_big = |n: u64| format!("cannot read: {n} bytes or more, over the limit of {max} bytes");
    if meta.len() > max {
        return Err(too_big(meta.len()));
    }
    let f = std::fs::File::open(path).map_err(|e| format!("cannot read: {e}"))?;
    // The file may have grown since `metadata`: never read more than the limit.
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    f.take(max + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read: {e}"))?;
    if bytes.len() as u64 > max {
        return Err(too_big(bytes.len() as u64));
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn devices_directories_and_large_files_are_refused() {
        #[cfg(unix)]
        {
            let e = read_text(Path::new("/dev/zero"), MAX_FILE_BYTES).unwrap_err();
            assert_eq!(
                e,
                "cannot read: a device, pipe or socket, not a regular file"
            );
        }
        let e = read_text(Path::new("."), MAX_FILE_BYTES).unwrap_err();
        assert_eq!(e, "cannot read: a directory, not a regular file");
        let dir = std::env::temp_dir().join(format!("wartime-file-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join("big.json");
        std::fs::write(&p, vec![b' '; 101]).unwrap();
        assert_eq!(
            read_text(&p, 100).unwrap_err(),
            "cannot read: 101 bytes or more, over the limit of 100 bytes"
        );
        assert_eq!(read_text(&p, 101).unwrap().len(), 101);
        std::fs::write(&p, b"{\xff}").unwrap();
        assert_eq!(
            read_text(&p, 100).unwrap_err(),
            "not UTF-8 text (invalid byte at offset 1)"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
