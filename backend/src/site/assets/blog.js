// The blog's pages work without this script: it sends the same forms in the background.
// A post's page counts its reader once it is shown, sends likes and comments without a new
// page (with the app's token when the reader is signed in, so a member's comment shows at
// once), and lets a comment be answered; the list's "load more" adds the next posts in place.
(function () {
  'use strict';
  var lang = document.documentElement.lang || 'en';
  var numbers = new Intl.NumberFormat(lang);
  var json = { Accept: 'application/json' };

  function token() {
    try {
      return JSON.parse(localStorage.getItem('token') || 'null');
    } catch (e) {
      return null;
    }
  }

  function show(selector, value) {
    var el = document.querySelector(selector);
    if (el && typeof value === 'number') el.textContent = numbers.format(value);
  }

  function send(url, body) {
    var headers = Object.assign({}, json);
    var t = token();
    if (t) headers.Authorization = 'Bearer ' + t;
    if (body) headers['Content-Type'] = 'application/x-www-form-urlencoded';
    return fetch(url, { method: 'POST', headers: headers, body: body, credentials: 'same-origin' })
      .then(function (res) {
        return res.json().then(function (data) {
          return { ok: res.ok, data: data };
        });
      });
  }

  var post = document.querySelector('[data-post]');
  if (post) {
    var path = post.getAttribute('data-post');
    var query = '?lang=' + encodeURIComponent(post.getAttribute('data-lang') || lang);
    send(path + '/seen' + query).then(function (r) {
      if (r.ok) show('[data-seen]', r.data.data.seenCount);
    }, function () {});

    var like = document.getElementById('likes');
    if (like) {
      like.addEventListener('submit', function (event) {
        event.preventDefault();
        var button = like.querySelector('button');
        send(like.action).then(function (r) {
          if (!r.ok) return;
          show('[data-likes]', r.data.data.like);
          button.setAttribute('aria-pressed', 'true');
          button.classList.add('quiet');
          button.textContent = button.getAttribute('data-like');
        }, function () {});
      });
    }

    var form = document.getElementById('comment-form');
    if (form) {
      var replyTo = form.querySelector('[name=replyTo]');
      var answering = form.querySelector('[data-answering]');
      var answeringText = form.querySelector('[data-answering-text]');
      var status = form.querySelector('[data-status]');
      var template = answering ? answering.getAttribute('data-template') : null;
      document.querySelectorAll('[data-reply]').forEach(function (button) {
        button.hidden = false;
        button.addEventListener('click', function () {
          replyTo.value = button.getAttribute('data-reply');
          answeringText.textContent = (template || '{name}').replace('{name}', button.getAttribute('data-name'));
          answering.hidden = false;
          form.querySelector('textarea').focus();
        });
      });
      var cancel = form.querySelector('[data-cancel-answer]');
      if (cancel) {
        cancel.addEventListener('click', function () {
          replyTo.value = '';
          answering.hidden = true;
        });
      }
      form.addEventListener('submit', function (event) {
        event.preventDefault();
        var button = form.querySelector('button[type=submit]');
        button.disabled = true;
        var body = new URLSearchParams(new FormData(form)).toString();
        send(form.action, body).then(function (r) {
          button.disabled = false;
          status.textContent = r.data.message || '';
          status.classList.toggle('problem', !r.ok);
          if (!r.ok) return;
          if (r.data.data.status === 'approved') {
            location.reload();
            return;
          }
          form.reset();
          replyTo.value = '';
          answering.hidden = true;
        }, function () {
          button.disabled = false;
        });
      });
    }
  }

  var more = document.querySelector('[data-more]');
  if (more) {
    more.addEventListener('click', function (event) {
      event.preventDefault();
      var href = more.getAttribute('href');
      fetch(href, { credentials: 'same-origin' })
        .then(function (res) { return res.text(); })
        .then(function (html) {
          var page = new DOMParser().parseFromString(html, 'text/html');
          var list = document.getElementById('posts');
          var next = page.getElementById('posts');
          var shown = list.children.length;
          Array.prototype.slice.call(next.children, shown).forEach(function (card) {
            list.appendChild(document.adoptNode(card));
          });
          var nextMore = page.querySelector('[data-more]');
          if (nextMore) more.setAttribute('href', nextMore.getAttribute('href'));
          else document.getElementById('more').remove();
          history.replaceState(null, '', href);
          var first = list.children[shown];
          if (first) first.querySelector('a').focus();
        }, function () {
          location.href = href;
        });
    });
  }
})();
