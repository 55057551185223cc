//! The English wording of the model's messages where code reads them as text: `Debug`,
//! comparisons with strings and `Msg::contains` (for tests and logs). The keys themselves
//! are the model's ([`crate::model::message`]).

use super::Msg;

impl Msg {
    /// Whether the English wording contains `pattern` (for tests).
    #[cfg(test)]
    pub(crate) fn contains(&self, pattern: &str) -> bool {
        self.to_string().contains(pattern)
    }

    /// Whether the English wording starts with `pattern` (for tests).
    #[cfg(all(test, not(target_arch = "wasm32")))]
    pub(crate) fn starts_with(&self, pattern: &str) -> bool {
        self.to_string().starts_with(pattern)
    }
}

impl std::fmt::Debug for Msg {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Msg({:?})", self.to_string())
    }
}

impl PartialEq for Msg {
    fn eq(&self, other: &Msg) -> bool {
        super::text(super::Lang::En, self) == super::text(super::Lang::En, other)
    }
}

impl PartialEq<&str> for Msg {
    fn eq(&self, other: &&str) -> bool {
        super::text(super::Lang::En, self) == *other
    }
}

impl PartialEq<String> for Msg {
    fn eq(&self, other: &String) -> bool {
        super::text(super::Lang::En, self) == other.as_str()
    }
}

impl PartialEq<str> for Msg {
    fn eq(&self, other: &str) -> bool {
        super::text(super::Lang::En, self) == other
    }
}
