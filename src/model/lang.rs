//! The languages of the page, as the model knows them: which there are, and how a link
//! (`lang=`) or a browser names them. The words of each are rendered elsewhere (`src/i18n`
//! gives `Lang` its catalogue methods); the model only carries the choice.

ring_core::listed_enum! {
    /// A language of the page.
    ///
    /// The declaration order is the menu order (`Lang::ALL`).
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
    pub enum Lang {
        /// English.
        #[default]
        En,
        /// Simplified Chinese.
        Zh,
    }
}

impl Lang {
    /// The value of `lang=` in a link, and of the menu.
    pub(crate) fn id(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Zh => "zh",
        }
    }

    /// The language whose [`Lang::id`] is `id` (case ignored; a region such as `zh-CN` or
    /// `en-GB` is accepted too).
    pub(crate) fn from_id(id: &str) -> Option<Lang> {
        let id = id.trim().to_ascii_lowercase();
        let base = id.split(['-', '_']).next().unwrap_or_default();
        Lang::ALL.into_iter().find(|l| l.id() == base)
    }

    /// The language for a browser's `navigator.language`: Chinese for any tag that starts
    /// with `zh`, English for everything else.
    pub(crate) fn from_browser(tag: &str) -> Lang {
        if tag.trim().to_ascii_lowercase().starts_with("zh") {
            Lang::Zh
        } else {
            Lang::En
        }
    }
}
