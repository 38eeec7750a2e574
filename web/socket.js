// The WebSocket to the server: JSON messages both ways, and a new
// connection by itself when one breaks (after 0.5 s, then longer, at most
// 8 s). Whoever opens it says what to send on each new connection. A server
// that stops says so (close code 1001, going away): the status is then
// "gone" rather than "disconnected".

// The server's WebSocket address: the page's own host, unless a
// development page names another with `?server=HOST:PORT`.
export function serverUrl(location) {
  const wanted = new URLSearchParams(location.search).get("server");
  const secure = location.protocol === "https:";
  const host = wanted || location.host;
  return `${secure ? "wss" : "ws"}://${host}/ws`;
}

export function openSocket(url, { onMessage, onOpen, onStatus }) {
  let socket = null;
  let wait = 500;
  let closed = false;
  // The server said it was going away: so the page says until it is back.
  let gone = false;
  const queue = [];

  function connect() {
    onStatus(gone ? "gone" : "connecting");
    socket = new WebSocket(url);
    socket.onopen = () => {
      wait = 500;
      gone = false;
      onStatus("connected");
      onOpen();
      while (queue.length > 0) socket.send(queue.shift());
    };
    socket.onmessage = (frame) => {
      let message;
      try {
        message = JSON.parse(frame.data);
      } catch {
        return;
      }
      onMessage(message);
    };
    socket.onclose = (event) => {
      if (closed) return;
      if (event.code === 1001) gone = true;
      onStatus(gone ? "gone" : "disconnected");
      setTimeout(connect, wait);
      wait = Math.min(wait * 2, 8000);
    };
  }
  // After the caller has its handle: the first status goes to it.
  queueMicrotask(connect);

  return {
    send(message) {
      const text = JSON.stringify(message);
      if (socket && socket.readyState === WebSocket.OPEN) socket.send(text);
      else queue.push(text);
    },
    close() {
      closed = true;
      if (socket) socket.close();
    },
  };
}
