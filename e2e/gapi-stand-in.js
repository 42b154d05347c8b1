/* global window, document */
// A stand-in for Google's gapi loader (https://apis.google.com/js/api.js), served to the browser by
// the Google sign-in journey because there is no network: just the gapi.iframes messaging that the
// Firebase JS SDK and the Auth emulator's relay frame use, over window.postMessage.
(function () {
  var script = document.currentScript;
  var ports = [];
  var pending = [];
  var callbacks = {};
  var next = 0;

  function Port(target) {
    this.target = target;
    this.handlers = {};
  }
  Port.prototype.register = function (type, handler) {
    this.handlers[type] = handler;
    var waiting = pending;
    pending = [];
    waiting.forEach(receive);
  };
  Port.prototype.unregister = function (type) {
    delete this.handlers[type];
  };
  Port.prototype.send = function (type, data, callback) {
    var id = 'm' + next++;
    return new Promise(
      function (resolve) {
        callbacks[id] = function (result) {
          if (callback) callback(result);
          resolve(result);
        };
        this.target.postMessage({ gapiStandIn: 'send', id: id, type: type, data: data }, '*');
      }.bind(this),
    );
  };
  Port.prototype.restyle = function () {
    return Promise.resolve();
  };
  Port.prototype.ping = function (callback) {
    var send = this.send.bind(this);
    return new Promise(function (resolve) {
      var answered = false;
      var timer = setInterval(function () {
        if (answered) return clearInterval(timer);
        send('gapiStandInPing', {}, function () {
          if (answered) return;
          answered = true;
          clearInterval(timer);
          if (callback) callback();
          resolve();
        });
      }, 100);
    });
  };

  function receive(event) {
    var message = event.data;
    if (!message || typeof message !== 'object') return;
    if (message.gapiStandIn === 'reply') {
      var callback = callbacks[message.id];
      delete callbacks[message.id];
      if (callback) callback(message.result);
      return;
    }
    if (message.gapiStandIn !== 'send') return;
    var reply = function (result) {
      event.source.postMessage({ gapiStandIn: 'reply', id: message.id, result: [result] }, '*');
    };
    if (message.type === 'gapiStandInPing') return reply(true);
    var port = ports.find(function (p) {
      return p.target === event.source && p.handlers[message.type];
    });
    if (!port) return void pending.push(event);
    Promise.resolve(port.handlers[message.type](message.data)).then(reply);
  }
  window.addEventListener('message', receive);

  var context = {
    open: function (options, ready) {
      var frame = document.createElement('iframe');
      var attributes = (options.attributes && options.attributes.style) || {};
      Object.keys(attributes).forEach(function (key) {
        frame.style[key] = attributes[key];
      });
      frame.src = options.url;
      options.where.appendChild(frame);
      var port = new Port(frame.contentWindow);
      ports.push(port);
      return Promise.resolve(ready(port));
    },
    getParentIframe: function () {
      var port = new Port(window.parent);
      ports.push(port);
      return port;
    },
  };

  window.gapi = {
    load: function (name, options) {
      setTimeout(function () {
        (options.callback || options)();
      });
    },
    iframes: {
      CROSS_ORIGIN_IFRAMES_FILTER: function () {
        return true;
      },
      Iframe: function () {},
      getContext: function () {
        return context;
      },
    },
  };

  var onload = script && new URL(script.src).searchParams.get('onload');
  setTimeout(function () {
    if (onload && typeof window[onload] === 'function') window[onload]();
    if (typeof window.gapi_onload === 'function') window.gapi_onload();
  });
})();
