//! The few browser look-ups that both `effects` and `share` need, below them both: an
//! element by id, and the local storage that keeps the lab (refused storage is `None`).

use wasm_bindgen::JsCast;
use web_sys::Storage;

/// The localStorage key under which the lab is kept between visits.
pub const STORAGE_KEY: &str = "ringlab:state";

/// The element with id `id`, as type `T`.
pub(crate) fn element_by_id<T: JsCast>(id: &str) -> Option<T> {
    web_sys::window()?
        .document()?
        .get_element_by_id(id)?
        .dyn_into::<T>()
        .ok()
}

/// The page's localStorage, when the browser grants it.
pub(crate) fn storage() -> Option<Storage> {
    // Storage can be refused (privacy settings, sandboxed frames): then nothing is kept.
    web_sys::window()?.local_storage().ok().flatten()
}
