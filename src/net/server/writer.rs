//! The sending half of a WebSocket connection, a task of its own: it sends
//! the connection's queued messages in order, a ping when its reader asks,
//! and at the end a close frame that says why, after every message queued
//! before it. Then the connection lingers a moment, reading what the client
//! still sends, so that closing a socket with unread bytes (a frame too big
//! to read) does not reset it and lose the replies on their way.

use std::time::Duration;

use futures_util::SinkExt;
use futures_util::stream::SplitSink;
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt};
use tokio::sync::mpsc;
use tokio::task::JoinHandle;
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;

/// How long a closed connection may still send before it is dropped, and
/// how much of it is read.
const LINGER: Duration = Duration::from_secs(2);
const LINGER_BYTES: usize = 1 << 20;

type Sink<S> = SplitSink<WebSocketStream<S>, Message>;

/// What the reader asks of the writer.
enum Control {
    Ping,
    Close(CloseFrame),
}

pub struct Writer<S> {
    task: JoinHandle<Sink<S>>,
    control: mpsc::Sender<Control>,
}

impl<S> Writer<S>
where
    S: AsyncRead + AsyncWrite + Unpin + Send + 'static,
{
    /// Starts sending the messages of `queue` on `sink`.
    pub fn spawn(sink: Sink<S>, queue: mpsc::Receiver<String>) -> Writer<S> {
        let (control, orders) = mpsc::channel(4);
        let task = tokio::spawn(write_loop(sink, queue, orders));
        Writer { task, control }
    }

    /// Sends a ping (unless pings are already waiting to go).
    pub fn ping(&self) {
        let _ = self.control.try_send(Control::Ping);
    }

    /// Sends what is queued, then the close frame if there is one, within
    /// `wait`; the sink back when that was done in time.
    pub async fn finish(mut self, close: Option<CloseFrame>, wait: Duration) -> Option<Sink<S>> {
        if let Some(frame) = close {
            let _ = self.control.send(Control::Close(frame)).await;
        }
        drop(self.control);
        match tokio::time::timeout(wait, &mut self.task).await {
            Ok(Ok(sink)) => Some(sink),
            Ok(Err(_)) => None,
            Err(_) => {
                self.task.abort();
                None
            }
        }
    }
}

async fn write_loop<S>(
    mut sink: Sink<S>,
    mut queue: mpsc::Receiver<String>,
    mut orders: mpsc::Receiver<Control>,
) -> Sink<S>
where
    S: AsyncRead + AsyncWrite + Unpin,
{
    loop {
        tokio::select! {
            biased;
            order = orders.recv() => match order {
                Some(Control::Ping) => {
                    if sink.send(Message::Ping(Default::default())).await.is_err() {
                        break;
                    }
                }
                Some(Control::Close(frame)) => {
                    send_queued_then_close(&mut sink, &mut queue, frame).await;
                    break;
                }
                // The reader has ended without a word to say: the client
                // has gone or closed.
                None => break,
            },
            text = queue.recv() => match text {
                Some(text) => {
                    if sink.send(Message::text(text)).await.is_err() {
                        break;
                    }
                }
                None => break,
            },
        }
    }
    sink
}

async fn send_queued_then_close<S>(
    sink: &mut Sink<S>,
    queue: &mut mpsc::Receiver<String>,
    frame: CloseFrame,
) where
    S: AsyncRead + AsyncWrite + Unpin,
{
    while let Ok(text) = queue.try_recv() {
        if sink.feed(Message::text(text)).await.is_err() {
            return;
        }
    }
    let _ = sink.send(Message::Close(Some(frame))).await;
}

/// After the close frame: no more to send (the socket's write side is shut),
/// and what the client still sends is read and dropped for a moment.
pub async fn linger<S>(mut socket: WebSocketStream<S>)
where
    S: AsyncRead + AsyncWrite + Unpin,
{
    let io = socket.get_mut();
    let _ = io.shutdown().await;
    let mut buffer = [0u8; 4096];
    let drain = async {
        let mut read = 0;
        while read < LINGER_BYTES {
            match io.read(&mut buffer).await {
                Ok(0) | Err(_) => break,
                Ok(n) => read += n,
            }
        }
    };
    let _ = tokio::time::timeout(LINGER, drain).await;
}
