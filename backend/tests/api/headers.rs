//! Security headers: every answer carries them, the web app's pages, API answers, errors and
//! the socket's handshake alike.

use crate::fixtures::{spawn_app_with, TestApp};

/// A server whose web app is a one-line `index.html`, at `public_url`.
async fn app_at(public_url: &str) -> (TestApp, tempfile::TempDir) {
    let web = tempfile::tempdir().expect("temp dir");
    std::fs::write(
        web.path().join("index.html"),
        "<!doctype html><title>x</title>",
    )
    .expect("index.html");
    let dir = web.path().to_path_buf();
    let public_url = public_url.to_string();
    let app = spawn_app_with(move |s| {
        s.static_dir = dir;
        s.public_url = public_url;
    })
    .await;
    (app, web)
}

async fn headers_of(
    app: &TestApp,
    method: &str,
    path: &str,
) -> (u16, actix_web::http::header::HeaderMap) {
    let url = format!("{}{path}", app.address);
    let req = match method {
        "POST" => app.client.post(url),
        _ => app.client.get(url),
    };
    let res = req.send().await.expect("send");
    (res.status().as_u16(), res.headers().clone())
}

fn header<'a>(headers: &'a actix_web::http::header::HeaderMap, name: &str) -> Option<&'a str> {
    headers.get(name).and_then(|v| v.to_str().ok())
}

#[actix_web::test]
async fn every_answer_carries_the_security_headers() {
    let (app, _web) = app_at("http://127.0.0.1:8080").await;
    for (method, path, status) in [
        ("GET", "/", 200),
        ("GET", "/settings", 200),
        ("GET", "/health", 200),
        ("GET", "/api/v1/openapi.json", 200),
        ("GET", "/api/v1/me", 401),
        ("POST", "/api/v1/noSuchCall", 404),
        ("GET", "/socket.io/?EIO=4&transport=polling", 200),
    ] {
        let (got, headers) = headers_of(&app, method, path).await;
        assert_eq!(got, status, "{method} {path}");
        let csp = header(&headers, "content-security-policy").expect("a CSP");
        for directive in [
            "default-src 'self'",
            "script-src 'self';",
            "connect-src 'self' ws://127.0.0.1:8080;",
            "img-src 'self' data: blob: https:",
            "object-src 'none'",
            "frame-ancestors 'none'",
        ] {
            assert!(csp.contains(directive), "{path}: {directive} in {csp}");
        }
        assert!(!csp.contains("unsafe-eval"), "{csp}");
        assert!(!csp.contains("unsafe-inline"), "{csp}");
        assert_eq!(header(&headers, "x-content-type-options"), Some("nosniff"));
        assert_eq!(header(&headers, "x-frame-options"), Some("DENY"));
        assert_eq!(header(&headers, "referrer-policy"), Some("no-referrer"));
        // Not over plain http: a browser would ignore it, and it must not pin a test host.
        assert_eq!(header(&headers, "strict-transport-security"), None);
    }
}

#[actix_web::test]
async fn an_https_public_url_adds_hsts_and_the_secure_socket() {
    let (app, _web) = app_at("https://shifts.example.com").await;
    let (_, headers) = headers_of(&app, "GET", "/").await;
    assert_eq!(
        header(&headers, "strict-transport-security"),
        Some("max-age=31536000")
    );
    let csp = header(&headers, "content-security-policy").expect("a CSP");
    assert!(
        csp.contains("connect-src 'self' wss://shifts.example.com;"),
        "{csp}"
    );
}

#[actix_web::test]
async fn the_web_app_goes_compressed_and_its_hashed_assets_are_kept_a_year() {
    let web = tempfile::tempdir().expect("temp dir");
    std::fs::write(
        web.path().join("index.html"),
        "<!doctype html><title>x</title>",
    )
    .expect("index.html");
    std::fs::create_dir(web.path().join("assets")).expect("assets");
    let script = "export const greeting = 'hello';\n".repeat(2_000);
    std::fs::write(web.path().join("assets/index-3f2a9c.js"), &script).expect("script");
    let dir = web.path().to_path_buf();
    let app = spawn_app_with(move |s| s.static_dir = dir).await;
    let get = |path: &str, encoding: &str| {
        app.client
            .get(format!("{}{path}", app.address))
            .insert_header(("accept-encoding", encoding.to_string()))
    };

    let mut res = get("/assets/index-3f2a9c.js", "br, gzip")
        .send()
        .await
        .expect("send");
    assert_eq!(header(res.headers(), "content-encoding"), Some("br"));
    assert_eq!(
        header(res.headers(), "cache-control"),
        Some("public, max-age=31536000, immutable")
    );
    let sent = res.body().limit(1 << 20).await.expect("body");
    assert!(
        sent.len() * 20 < script.len(),
        "{} bytes of {}",
        sent.len(),
        script.len()
    );
    let res = get("/assets/index-3f2a9c.js", "gzip")
        .send()
        .await
        .expect("send");
    assert_eq!(header(res.headers(), "content-encoding"), Some("gzip"));

    // The page that names the assets is checked again on every load, as are app routes.
    for path in ["/", "/schedule"] {
        let res = get(path, "gzip").send().await.expect("send");
        assert_eq!(res.status().as_u16(), 200, "{path}");
        assert_eq!(
            header(res.headers(), "cache-control"),
            Some("no-cache"),
            "{path}"
        );
    }
    // A missing asset is missing (not the page), and not kept.
    let res = get("/assets/gone-000.js", "gzip")
        .send()
        .await
        .expect("send");
    assert_eq!(res.status().as_u16(), 404);
    assert_ne!(
        header(res.headers(), "cache-control"),
        Some("public, max-age=31536000, immutable")
    );
    // The API is not touched.
    let res = get("/health", "br").send().await.expect("send");
    assert_eq!(header(res.headers(), "content-encoding"), None);
}

#[actix_web::test]
async fn api_answers_go_compressed_as_the_client_asks() {
    let app = spawn_app_with(|_| {}).await;
    let get = |encoding: &str| {
        app.client
            .get(format!("{}/api/v1/openapi.json", app.address))
            .insert_header(("accept-encoding", encoding.to_string()))
    };
    let mut plain = get("identity").send().await.expect("send");
    assert_eq!(header(plain.headers(), "content-encoding"), None);
    let whole = plain.body().limit(8 << 20).await.expect("body");
    for (asked, used) in [("br, gzip", "br"), ("gzip", "gzip")] {
        let mut res = get(asked).send().await.expect("send");
        assert_eq!(header(res.headers(), "content-encoding"), Some(used));
        let sent = res.body().limit(8 << 20).await.expect("body");
        assert!(
            sent.len() * 3 < whole.len(),
            "{used}: {} bytes of {}",
            sent.len(),
            whole.len()
        );
    }
}

#[actix_web::test]
async fn the_page_names_its_scripts_for_preloading_and_its_policy_admits_its_own_style() {
    let web = tempfile::tempdir().expect("temp dir");
    std::fs::write(
        web.path().join("index.html"),
        concat!(
            "<!doctype html><head><style>body{margin:0}</style>",
            "<script type=\"module\" crossorigin src=\"/assets/start-1a.js\"></script>",
            "<link rel=\"modulepreload\" crossorigin href=\"/assets/app-2b.js\">",
            "</head>"
        ),
    )
    .expect("index.html");
    std::fs::create_dir(web.path().join("assets")).expect("assets");
    std::fs::write(web.path().join("assets/app-2b.js"), "export {};").expect("script");
    let dir = web.path().to_path_buf();
    let app = spawn_app_with(move |s| s.static_dir = dir).await;

    // The app's pages (`/` is the public landing page the server renders: `site`).
    for path in ["/app", "/schedule"] {
        let (status, headers) = headers_of(&app, "GET", path).await;
        assert_eq!(status, 200, "{path}");
        assert_eq!(
            header(&headers, "link"),
            Some(
                "</assets/start-1a.js>; rel=modulepreload, </assets/app-2b.js>; rel=modulepreload"
            ),
            "{path}"
        );
        // sha256 of `body{margin:0}`: the page's own style element applies, no other inline one.
        let csp = header(&headers, "content-security-policy").expect("csp");
        assert!(
            csp.contains("'sha256-IAdwN3biDCQ3brrgp1m8kBEsPQYyqfREKOEfeoREopc='"),
            "{csp}"
        );
        assert!(!csp.contains("unsafe-inline"), "{csp}");
    }
    // Only the page names them: the assets and the API do not.
    let (_, headers) = headers_of(&app, "GET", "/assets/app-2b.js").await;
    assert_eq!(header(&headers, "link"), None);
    let (_, headers) = headers_of(&app, "GET", "/health").await;
    assert_eq!(header(&headers, "link"), None);
}

#[actix_web::test]
async fn assets_go_as_the_build_compressed_them_where_the_browser_takes_it() {
    let web = tempfile::tempdir().expect("temp dir");
    std::fs::write(web.path().join("index.html"), "<!doctype html>").expect("index.html");
    let assets = web.path().join("assets");
    std::fs::create_dir(&assets).expect("assets");
    let script = "export const greeting = 'hello';\n".repeat(200);
    std::fs::write(assets.join("app-9d.js"), &script).expect("script");
    // Stand-ins for the build's copies, told apart by their bytes.
    std::fs::write(assets.join("app-9d.js.br"), "stored brotli").expect("br");
    std::fs::write(assets.join("app-9d.js.gz"), "stored gzip").expect("gz");
    std::fs::write(assets.join("only-gz-1.css"), "a{}".repeat(300)).expect("css");
    std::fs::write(assets.join("only-gz-1.css.gz"), "stored css gzip").expect("css gz");
    let dir = web.path().to_path_buf();
    let app = spawn_app_with(move |s| s.static_dir = dir).await;
    let get = |path: &str, encoding: Option<&str>| {
        let req = app.client.get(format!("{}{path}", app.address));
        match encoding {
            Some(e) => req.insert_header(("accept-encoding", e.to_string())),
            None => req,
        }
    };

    for (accepts, coding, body) in [
        (Some("gzip, deflate, br, zstd"), Some("br"), "stored brotli"),
        (Some("gzip, deflate"), Some("gzip"), "stored gzip"),
        (Some("br;q=0.5, gzip"), Some("gzip"), "stored gzip"),
        (Some("identity"), None, script.as_str()),
        (None, None, script.as_str()),
    ] {
        let mut res = get("/assets/app-9d.js", accepts)
            .send()
            .await
            .expect("send");
        assert_eq!(res.status().as_u16(), 200, "{accepts:?}");
        assert_eq!(
            header(res.headers(), "content-encoding"),
            coding,
            "{accepts:?}"
        );
        assert!(
            header(res.headers(), "content-type").is_some_and(|t| t.contains("javascript")),
            "{accepts:?}"
        );
        assert_eq!(
            header(res.headers(), "cache-control"),
            Some("public, max-age=31536000, immutable")
        );
        if coding.is_some() {
            assert_eq!(header(res.headers(), "vary"), Some("accept-encoding"));
        }
        let sent = res.body().limit(1 << 20).await.expect("body");
        assert_eq!(
            std::str::from_utf8(&sent).expect("text"),
            body,
            "{accepts:?}"
        );
    }
    // Without a brotli copy, a brotli reader gets it compressed as it goes.
    let res = get("/assets/only-gz-1.css", Some("br"))
        .send()
        .await
        .expect("send");
    assert_eq!(header(res.headers(), "content-encoding"), Some("br"));
    assert!(header(res.headers(), "content-type").is_some_and(|t| t.starts_with("text/css")));
    // Nothing outside the assets, and no copy asked for by its own name's tricks.
    for path in [
        "/assets/..%2Findex.html",
        "/assets/missing-0.js",
        "/assets/.hidden",
    ] {
        let res = get(path, Some("gzip")).send().await.expect("send");
        assert_eq!(res.status().as_u16(), 404, "{path}");
    }
}
