//! The bytes of a connection, as the page layer never sees them: hyper answers a
//! request it cannot read (400, 414, 431) by itself, without passing through the
//! pages' guard, so [`Secured`] adds the security headers to any answer that lacks them
//! on its way out; and the answer to a connection turned away before it is read.

use super::limits::SECURITY_HEADERS;
use std::io;
use std::pin::Pin;
use std::task::{ready, Context, Poll};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

/// A connection whose answers all carry the security headers.
///
/// Hyper hands its writes a buffer that starts where its unwritten output starts, so
/// an answer's head begins a buffer. A head without the policy header gets the headers
/// added; the whole rewritten buffer is taken at once and written out before anything
/// else.
pub(super) struct Secured<T> {
    inner: T,
    /// A rewritten answer still to be written, and how much of it is.
    pending: Vec<u8>,
    written: usize,
}

impl<T> Secured<T> {
    pub(super) fn new(inner: T) -> Secured<T> {
        Secured {
            inner,
            pending: Vec::new(),
            written: 0,
        }
    }
}

impl<T: AsyncWrite + Unpin> Secured<T> {
    /// Writes what is pending; ready when nothing is.
    fn poll_pending(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        while self.written < self.pending.len() {
            let n =
                ready!(Pin::new(&mut self.inner).poll_write(cx, &self.pending[self.written..]))?;
            if n == 0 {
                return Poll::Ready(Err(io::ErrorKind::WriteZero.into()));
            }
            self.written += n;
        }
        self.pending.clear();
        self.written = 0;
        Poll::Ready(Ok(()))
    }
}

impl<T: AsyncRead + Unpin> AsyncRead for Secured<T> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_read(cx, buf)
    }
}

impl<T: AsyncWrite + Unpin> AsyncWrite for Secured<T> {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        ready!(this.poll_pending(cx))?;
        if let Some(rewritten) = with_security_headers(buf) {
            this.pending = rewritten;
            return Poll::Ready(Ok(buf.len()));
        }
        Pin::new(&mut this.inner).poll_write(cx, buf)
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        ready!(this.poll_pending(cx))?;
        Pin::new(&mut this.inner).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        ready!(this.poll_pending(cx))?;
        Pin::new(&mut this.inner).poll_shutdown(cx)
    }
}

/// `output` with the security headers added to the answer's head it starts with, when
/// it starts with a final answer's whole head that has no policy header; else `None`.
fn with_security_headers(output: &[u8]) -> Option<Vec<u8>> {
    let status = output
        .strip_prefix(b"HTTP/1.1 ")
        .or_else(|| output.strip_prefix(b"HTTP/1.0 "))?;
    // Informational answers (100 Continue) come before the real one.
    if status.first().is_none_or(|digit| *digit < b'2') {
        return None;
    }
    let end = output.windows(4).position(|w| w == b"\r\n\r\n")?;
    let head = &output[..end];
    let policy = SECURITY_HEADERS[0].0.as_bytes();
    if head
        .split(|b| *b == b'\n')
        .any(|line| line.len() > policy.len() && line[..policy.len()].eq_ignore_ascii_case(policy))
    {
        return None;
    }
    let mut rewritten = Vec::with_capacity(output.len() + 512);
    rewritten.extend_from_slice(&output[..end + 2]);
    rewritten.extend_from_slice(header_lines().as_bytes());
    rewritten.extend_from_slice(&output[end + 2..]);
    Some(rewritten)
}

/// The security headers as lines of an answer's head.
fn header_lines() -> String {
    SECURITY_HEADERS
        .iter()
        .map(|(name, value)| format!("{name}: {value}\r\n"))
        .collect()
}

/// The whole answer to a connection turned away because too many are open (from its
/// address, or at all): 503, try again in a moment, then the connection closes.
pub(super) fn busy_answer() -> Vec<u8> {
    let text = format!(
        "{}\n",
        crate::i18n::tr(crate::i18n::Lang::En, "web-too-many-requests")
    );
    format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain; charset=utf-8\r\n\
         content-length: {}\r\nretry-after: 5\r\nconnection: close\r\n{}\r\n{text}",
        text.len(),
        header_lines()
    )
    .into_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bare_answer_gets_the_headers() {
        let bare = b"HTTP/1.1 431 Request Header Fields Too Large\r\nconnection: close\r\n\
                     content-length: 0\r\n\r\n";
        let text =
            String::from_utf8(with_security_headers(bare).expect("rewritten")).expect("text");
        assert!(text.starts_with("HTTP/1.1 431 Request Header Fields Too Large\r\n"));
        assert!(text.ends_with("\r\n\r\n"), "{text}");
        for (name, value) in SECURITY_HEADERS {
            assert!(text.contains(&format!("\r\n{name}: {value}\r\n")), "{text}");
        }
        assert!(text.contains("content-length: 0\r\n"));
    }

    #[test]
    fn other_output_is_left_alone() {
        let secured = format!(
            "HTTP/1.1 200 OK\r\nContent-Security-Policy: {}\r\n\r\nbody",
            SECURITY_HEADERS[0].1
        );
        assert_eq!(with_security_headers(secured.as_bytes()), None);
        for other in [
            &b"HTTP/1.1 100 Continue\r\n\r\n"[..],
            b"<!doctype html>HTTP/1.1 400 Bad Request\r\n\r\n",
            b"1a\r\nevent: version\r\n\r\n",
            b"HTTP/1.1 400 Bad Request\r\ncontent-le",
        ] {
            assert_eq!(with_security_headers(other), None);
        }
    }

    #[test]
    fn the_busy_answer_is_whole() {
        let text = String::from_utf8(busy_answer()).expect("text");
        let (head, body) = text.split_once("\r\n\r\n").expect("head");
        assert!(head.contains(&format!("content-length: {}", body.len())));
        assert!(head.contains(SECURITY_HEADERS[0].1));
    }
}
