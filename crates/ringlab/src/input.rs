//! Lines of standard input, one at a time, with the line number for error messages.

use std::io::{self, BufRead, BufReader, Read};

use crate::Failure;

/// Reads lines as bytes (so that invalid UTF-8 is reported with its line, not as a generic
/// I/O error) and hands them out without their line end.
pub struct Lines<R> {
    reader: BufReader<R>,
    buf: Vec<u8>,
    number: u64,
}

impl<R: Read> Lines<R> {
    /// Lines of `source`.
    pub fn new(source: R) -> Self {
        Lines {
            reader: BufReader::with_capacity(1 << 16, source),
            buf: Vec::new(),
            number: 0,
        }
    }

    /// The next line without its `\n` or `\r\n`, with its 1-based number; `None` at the end.
    /// A line that is not UTF-8 is bad data.
    pub fn next_line(&mut self) -> Result<Option<(u64, &str)>, Failure> {
        self.buf.clear();
        let read = self
            .reader
            .read_until(b'\n', &mut self.buf)
            .map_err(|e| Failure::Data(format!("cannot read standard input: {e}")))?;
        if read == 0 {
            return Ok(None);
        }
        self.number += 1;
        if self.buf.last() == Some(&b'\n') {
            self.buf.pop();
            if self.buf.last() == Some(&b'\r') {
                self.buf.pop();
            }
        }
        match std::str::from_utf8(&self.buf) {
            Ok(line) => Ok(Some((self.number, line))),
            Err(_) => Err(Failure::Data(format!(
                "line {} is not valid UTF-8",
                self.number
            ))),
        }
    }

    /// Whether the next read would have to wait for more input: the moment to flush what
    /// was written, so that interactive use sees each answer at once.
    pub fn would_block(&self) -> bool {
        self.reader.buffer().is_empty()
    }
}

/// The lines of standard input.
pub fn stdin_lines() -> Lines<io::StdinLock<'static>> {
    Lines::new(io::stdin().lock())
}

/// A key read from line `number`: keys are not empty.
pub fn key(number: u64, line: &str) -> Result<&str, Failure> {
    if line.is_empty() {
        Err(Failure::Data(format!(
            "line {number} is empty: a key has at least one character"
        )))
    } else {
        Ok(line)
    }
}

/// An unsigned 64-bit decimal key read from line `number`, surrounding spaces allowed;
/// anything else is bad data, named with its line and `command` (`jump`, `bucket`).
pub fn decimal_key(number: u64, line: &str, command: &str) -> Result<u64, Failure> {
    let text = line.trim();
    text.parse().map_err(|_| {
        Failure::Data(format!(
            "line {number}: {text:?} is not a key: {command} takes unsigned 64-bit decimal numbers (0 to {})",
            u64::MAX
        ))
    })
}

/// Every key of standard input.
pub fn read_all_keys() -> Result<Vec<String>, Failure> {
    read_keys(stdin_lines())
}

/// Every key of `lines`, one a line; an empty line is bad data.
pub fn read_keys<R: Read>(mut lines: Lines<R>) -> Result<Vec<String>, Failure> {
    let mut keys = Vec::new();
    while let Some((number, line)) = lines.next_line()? {
        keys.push(key(number, line)?.to_string());
    }
    Ok(keys)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(input: &[u8]) -> Result<Vec<(u64, String)>, Failure> {
        let mut lines = Lines::new(input);
        let mut out = Vec::new();
        while let Some((n, l)) = lines.next_line()? {
            out.push((n, l.to_string()));
        }
        Ok(out)
    }

    #[test]
    fn line_ends_are_stripped_once() {
        let got = all(b"a\r\nb\n\nc\r\r\nd").unwrap();
        let want = vec![
            (1, "a".to_string()),
            (2, "b".to_string()),
            (3, String::new()),
            (4, "c\r".to_string()),
            (5, "d".to_string()),
        ];
        assert_eq!(got, want);
        assert!(all(b"").unwrap().is_empty());
    }

    #[test]
    fn invalid_utf8_names_its_line() {
        match all(b"ok\n\xff\xfe\n") {
            Err(Failure::Data(m)) => assert_eq!(m, "line 2 is not valid UTF-8"),
            other => panic!("expected bad data, got {other:?}"),
        }
    }
}
