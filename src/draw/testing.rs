//! Rendering scenes into memory for the native tests, and reading the pixels back.

use plotters::backend::BitMapBackend;
use plotters::coord::Shift;
use plotters::prelude::*;

use crate::model::Rgb;

/// An RGB image in memory.
pub(crate) struct Image {
    pub(crate) width: u32,
    pub(crate) height: u32,
    pub(crate) data: Vec<u8>,
}

impl Image {
    /// The colour at pixel `(x, y)`.
    pub(crate) fn at(&self, x: f64, y: f64) -> Rgb {
        let x = (x.round() as u32).min(self.width - 1);
        let y = (y.round() as u32).min(self.height - 1);
        let i = 3 * (y * self.width + x) as usize;
        Rgb(self.data[i], self.data[i + 1], self.data[i + 2])
    }

    /// How many pixels have exactly colour `c`.
    pub(crate) fn count(&self, c: Rgb) -> usize {
        self.data
            .chunks(3)
            .filter(|p| p[0] == c.0 && p[1] == c.1 && p[2] == c.2)
            .count()
    }
}

/// Draws with `f` into a `width × height` bitmap, starting from black (so a drawing that
/// paints nothing leaves black, never the colours the tests look for).
pub(crate) fn render(
    width: u32,
    height: u32,
    f: impl FnOnce(&DrawingArea<BitMapBackend<'_>, Shift>) -> Result<(), String>,
) -> Image {
    let mut data = vec![0u8; (width * height * 3) as usize];
    {
        let area = BitMapBackend::with_buffer(&mut data, (width, height)).into_drawing_area();
        if let Err(e) = f(&area) {
            panic!("drawing failed: {e}");
        }
    }
    Image {
        width,
        height,
        data,
    }
}
