//! `host[:port]` node names, as the memcached and Redis clients (libmemcached, dalli,
//! redis-rb, predis) are configured with them: one reading of the name for all four, each
//! client then hashing the host and port in its own text.
//!
//! The port is what follows the last `:` when only digits follow it; an IPv6 host is
//! written in brackets (`[::1]:11211`), and the brackets are not part of the host, as
//! each of the clients strips them. A port is 1 to 65535 without leading zeros: Dalli reads
//! `011211` as octal (Ruby's `Integer`), and libmemcached takes port 0 as 11211, so those
//! spellings are refused rather than guessed.

use super::SystemError;

/// A node name read as a host and a port.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct HostPort<'a> {
    /// The host, without brackets.
    pub host: &'a str,
    /// The port written, if one was.
    pub port: Option<u16>,
}

impl HostPort<'_> {
    /// The port, or `default` when none was written.
    pub(crate) fn port_or(&self, default: u16) -> u16 {
        self.port.unwrap_or(default)
    }
}

const BAD_PORT: &str =
    "the port after the last `:` is a number from 1 to 65535, without leading zeros";
const UNBRACKETED: &str = "an IPv6 host is written in brackets, as [::1]:6379";
const NO_HOST: &str = "the host before the port is empty";

/// `name` as `host[:port]` or `[ipv6][:port]`, or why it is neither, as
/// [`SystemError::BadNodeName`] of `system`.
pub(crate) fn host_port<'a>(
    system: &'static str,
    name: &'a str,
) -> Result<HostPort<'a>, SystemError> {
    read(name).map_err(|rule| SystemError::BadNodeName {
        system,
        name: name.to_string(),
        rule,
    })
}

fn read(name: &str) -> Result<HostPort<'_>, &'static str> {
    let (host, port) = if let Some(rest) = name.strip_prefix('[') {
        let (host, after) = rest.split_once(']').ok_or(UNBRACKETED)?;
        match after {
            "" => (host, None),
            _ => (host, Some(after.strip_prefix(':').ok_or(BAD_PORT)?)),
        }
    } else {
        match name.rsplit_once(':') {
            None => (name, None),
            Some((host, port)) => {
                if host.contains(':') {
                    return Err(UNBRACKETED);
                }
                (host, Some(port))
            }
        }
    };
    if host.is_empty() {
        return Err(NO_HOST);
    }
    let port = match port {
        None => None,
        Some(digits) => Some(parse_port(digits).ok_or(BAD_PORT)?),
    };
    Ok(HostPort { host, port })
}

fn parse_port(digits: &str) -> Option<u16> {
    if digits.starts_with('0') || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse::<u16>().ok().filter(|&p| p > 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_ok(name: &str) -> (&str, Option<u16>) {
        let hp = host_port("test", name).unwrap();
        (hp.host, hp.port)
    }

    #[test]
    fn names_split_at_the_last_colon() {
        assert_eq!(read_ok("10.0.0.1:11211"), ("10.0.0.1", Some(11211)));
        assert_eq!(read_ok("cache-a"), ("cache-a", None));
        assert_eq!(read_ok("[::1]:6380"), ("::1", Some(6380)));
        assert_eq!(read_ok("[::1]"), ("::1", None));
        assert_eq!(
            read_ok("/run/memcached.sock"),
            ("/run/memcached.sock", None)
        );
        assert_eq!(read_ok("键:65535"), ("键", Some(65535)));
    }

    #[test]
    fn bad_names_are_refused_with_the_rule() {
        for (name, rule) in [
            ("a:0", BAD_PORT),
            ("a:65536", BAD_PORT),
            ("a:011211", BAD_PORT),
            ("a:", BAD_PORT),
            ("a:b", BAD_PORT),
            ("a:+1", BAD_PORT),
            ("::1", UNBRACKETED),
            ("::1:6379", UNBRACKETED),
            ("[::1", UNBRACKETED),
            ("[::1]6379", BAD_PORT),
            (":6379", NO_HOST),
            ("[]:6379", NO_HOST),
        ] {
            let err = host_port("dalli", name).unwrap_err();
            assert_eq!(
                err,
                SystemError::BadNodeName {
                    system: "dalli",
                    name: name.to_string(),
                    rule
                },
                "{name}"
            );
        }
        assert_eq!(
            host_port("predis", "a:99999").unwrap_err().to_string(),
            "node \"a:99999\" is not a predis node: the port after the last `:` is a number \
             from 1 to 65535, without leading zeros"
        );
    }
}
