//! Board images: a per-viewer [`View`] in, PNG bytes out. Knows nothing of Discord or
//! the store.

use crate::core::view::View;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RenderOptions {
    /// Board size in pixels (the bars are added around it).
    pub size: u32,
    /// Fix the orientation: `Some(side)` draws from that side; `None` draws from the
    /// side of the player to move.
    pub orientation: Option<crate::core::Side>,
}

impl Default for RenderOptions {
    fn default() -> Self {
        RenderOptions {
            size: 512,
            orientation: None,
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    #[error("could not encode the image: {0}")]
    Encode(String),
}

/// Draws `view` and encodes it as PNG.
pub fn render_png(view: &View, options: &RenderOptions) -> Result<Vec<u8>, RenderError> {
    // Placeholder until the renderer lands: a plain board-sized grey image.
    let _ = view;
    let img = image::RgbImage::from_pixel(options.size, options.size, image::Rgb([128, 128, 128]));
    let mut out = Vec::new();
    img.write_to(&mut std::io::Cursor::new(&mut out), image::ImageFormat::Png)
        .map_err(|e| RenderError::Encode(e.to_string()))?;
    Ok(out)
}
