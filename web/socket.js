// The WebSocket to the server: JSON messages both ways, and a new
// connection by itself when one breaks (after 0.5 s, then longer, at most
// 8 s). Whoever opens it says what to send on each new connection.

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
  const queue = [];

  function connect() {
    onStatus("connecting");
    socket = new WebSocket(url);
    socket.onopen = () => {
      wait = 500;
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
    socket.onclose = () => {
      if (closed) return;
      onStatus("disconnected");
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
