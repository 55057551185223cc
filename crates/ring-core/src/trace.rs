//! What a bucket lookup looked at: every candidate bucket it drew, and the range it drew it
//! from, for a picture of the lookup. The lookups take a [`Tracer`]; the fast path passes
//! `&mut ()`, which records nothing and compiles away, so the traced and the fast lookup
//! are one piece of code and cannot disagree.

/// One candidate bucket a lookup drew, from the buckets `low..=high`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Draw {
    /// The candidate.
    pub bucket: u32,
    /// The smallest bucket it could have been.
    pub low: u32,
    /// The largest bucket it could have been.
    pub high: u32,
}

/// Receives the candidates of a lookup, in the order it drew them.
pub trait Tracer {
    /// The lookup drew `bucket` from `low..=high`.
    fn draw(&mut self, bucket: u32, low: u32, high: u32);
}

/// Records nothing: the fast path.
impl Tracer for () {
    #[inline(always)]
    fn draw(&mut self, _: u32, _: u32, _: u32) {}
}

/// Keeps every candidate.
impl Tracer for Vec<Draw> {
    fn draw(&mut self, bucket: u32, low: u32, high: u32) {
        self.push(Draw { bucket, low, high });
    }
}

/// Keeps every candidate when there is a list: one piece of code for both the lookup and
/// its picture, where two (the fast path and the kept one) would cost their size twice,
/// as in the web app.
impl Tracer for Option<&mut Vec<Draw>> {
    #[inline]
    fn draw(&mut self, bucket: u32, low: u32, high: u32) {
        if let Some(list) = self {
            list.draw(bucket, low, high);
        }
    }
}
