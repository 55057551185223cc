//! The English wording of the model's messages where code reads them as text: `Debug`,
//! comparisons with strings and [`Msg::contains`] (for tests and logs). The keys themselves
//! are the model's ([`crate::model::message`]).

use super::Msg;

impl Msg {
    /// Whether the English wording contains `pattern` (for tests and logs).
    pub fn contains(&self, pattern: &str) -> bool {
        self.to_string().contains(pattern)
    }

    /// Whether the English wording starts with `pattern`.
    pub fn starts_with(&self, pattern: &str) -> bool {
        self.to_string().starts_with(pattern)
    }

    /// The length of the English wording in bytes.
    pub fn len(&self) -> usize {
        self.to_string().len()
    }

    /// Whether the English wording is empty (never, for a catalogued message).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl std::fmt::Debug for Msg {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Msg({:?})", self.to_string())
    }
}

impl PartialEq for Msg {
    fn eq(&self, other: &Msg) -> bool {
        super::en::text(self) == super::en::text(other)
    }
}

impl PartialEq<&str> for Msg {
    fn eq(&self, other: &&str) -> bool {
        super::en::text(self) == *other
    }
}

impl PartialEq<String> for Msg {
    fn eq(&self, other: &String) -> bool {
        super::en::text(self) == other.as_str()
    }
}

impl PartialEq<str> for Msg {
    fn eq(&self, other: &str) -> bool {
        super::en::text(self) == other
    }
}
