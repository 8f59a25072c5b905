//! The public site the server renders: the landing page, pricing and contact in English,
//! German, Spanish and Persian (right to left), each with its title, description, canonical
//! and other languages' addresses and Open Graph tags in the HTML; pricing from the server's
//! catalogue, or free when it sells none; the contact form posted without a script, which
//! runs `userSubmission`; the pages' files; and the web app answering every other path.

use crate::fixtures::demo::{get_page, post_form, request, sales_mails, SALES};
use crate::fixtures::stores::count;
use crate::fixtures::wait::eventually;
use crate::fixtures::{spawn_app, spawn_app_with, TestApp};
use backend::config::Billing;
use backend::domain::billing::catalogue::Catalogue;
use chrono::{Datelike, Duration, Weekday};

/// The pages' titles and directions, by language.
const LANGUAGES: [(&str, &str, &str, &str, &str); 4] = [
    (
        "en",
        "ltr",
        "Clockto: shift scheduling and time tracking for your team",
        "Pricing: Clockto plans per employee",
        "Book a demo of Clockto",
    ),
    (
        "de",
        "ltr",
        "Clockto: Schichtplanung und Zeiterfassung für Ihr Team",
        "Preise: Clockto-Tarife pro Mitarbeiter",
        "Eine Demo von Clockto buchen",
    ),
    (
        "es",
        "ltr",
        "Clockto: planificación de turnos y control horario para tu equipo",
        "Precios: planes de Clockto por empleado",
        "Reserva una demo de Clockto",
    ),
    (
        "fa",
        "rtl",
        "Clockto: برنامه‌ریزی شیفت و ثبت ساعت کار برای تیم شما",
        "قیمت‌ها: طرح‌های Clockto به ازای هر کارمند",
        "رزرو دموی Clockto",
    ),
];

/// The text between `open` and the next `close` after it.
fn between<'a>(html: &'a str, open: &str, close: &str) -> Option<&'a str> {
    let start = html.find(open)? + open.len();
    let len = html[start..].find(close)?;
    Some(&html[start..start + len])
}

/// The `content` of the `<meta>` whose `key` (`name="description"`, `property="og:title"`).
fn meta<'a>(html: &'a str, key: &str) -> Option<&'a str> {
    between(html, &format!("<meta {key} content=\""), "\"")
}

/// A server selling the spec's plans.
async fn selling() -> TestApp {
    spawn_app_with(|s| {
        s.billing = Some(Billing {
            secret_key: "sk_test_site".into(),
            webhook_secret: "whsec_site".into(),
            api_base: "http://127.0.0.1:9".into(),
            automatic_tax: false,
            non_profit_coupon: None,
            catalogue: Catalogue::default(),
        })
    })
    .await
}

#[actix_web::test]
async fn each_page_speaks_each_language_with_its_meta_tags() {
    let app = spawn_app().await;
    for (code, dir, landing, pricing, contact) in LANGUAGES {
        for (path, title) in [
            ("/", landing),
            ("/pricing", pricing),
            ("/contact-us", contact),
        ] {
            let page = get_page(&app, &format!("{path}?lang={code}"), None).await;
            assert_eq!(page.status, 200, "{path} in {code}");
            assert_eq!(page.header("content-type"), "text/html; charset=utf-8");
            assert_eq!(page.header("content-language"), code);
            assert!(page.header("vary").contains("accept-language"));
            let html = &page.html;
            assert!(
                html.starts_with(&format!(
                    "<!doctype html>\n<html lang=\"{code}\" dir=\"{dir}\">"
                )),
                "{path} in {code}: {}",
                &html[..80.min(html.len())]
            );
            assert_eq!(between(html, "<title>", "</title>"), Some(title));
            assert_eq!(meta(html, "property=\"og:title\""), Some(title));
            let description = meta(html, "name=\"description\"").expect("a description");
            assert!(description.len() > 60, "{path} in {code}: {description}");
            assert_eq!(meta(html, "property=\"og:description\""), Some(description));
            let canonical = format!("http://127.0.0.1{path}?lang={code}");
            assert!(html.contains(&format!("<link rel=\"canonical\" href=\"{canonical}\">")));
            assert_eq!(meta(html, "property=\"og:url\""), Some(canonical.as_str()));
            for other in ["en", "de", "es", "fa"] {
                assert!(
                    html.contains(&format!(
                        "<link rel=\"alternate\" hreflang=\"{other}\" href=\"http://127.0.0.1{path}?lang={other}\">"
                    )),
                    "{path} in {code}: no {other} version"
                );
            }
            assert!(html.contains(&format!(
                "<link rel=\"alternate\" hreflang=\"x-default\" href=\"http://127.0.0.1{path}\">"
            )));
            let image = meta(html, "property=\"og:image\"").expect("an image");
            assert!(image.starts_with("http://127.0.0.1/site/board-"), "{image}");
            assert!(meta(html, "property=\"og:locale\"").is_some());
            assert_eq!(
                html.matches("<meta property=\"og:locale:alternate\"")
                    .count(),
                3
            );
            // The switcher names each language in itself and marks this one.
            assert!(html.contains(&format!(
                "hreflang=\"{code}\" lang=\"{code}\" aria-current=\"true\""
            )));
        }
    }
}

#[actix_web::test]
async fn the_address_s_language_comes_first_then_the_browser_s_then_english() {
    let app = spawn_app().await;
    let title = |html: &str| between(html, "<title>", "</title>").map(str::to_string);
    let german = get_page(&app, "/", Some("de-AT, en;q=0.5")).await;
    assert_eq!(title(&german.html).as_deref(), Some(LANGUAGES[1].2));
    // The canonical address names the language, whichever way it was chosen.
    assert!(german
        .html
        .contains("<link rel=\"canonical\" href=\"http://127.0.0.1/?lang=de\">"));
    let persian = get_page(&app, "/pricing", Some("fa-IR,fa;q=0.9")).await;
    assert!(persian.html.contains("<html lang=\"fa\" dir=\"rtl\">"));
    let spanish = get_page(&app, "/?lang=es", Some("de")).await;
    assert_eq!(title(&spanish.html).as_deref(), Some(LANGUAGES[2].2));
    let unknown = get_page(&app, "/?lang=xx", Some("fr-FR, ja")).await;
    assert_eq!(title(&unknown.html).as_deref(), Some(LANGUAGES[0].2));
    // Links keep the chosen language.
    assert!(spanish.html.contains("href=\"/pricing?lang=es\""));
    assert!(spanish.html.contains("href=\"/contact-us?lang=es\""));
    assert!(spanish.html.contains("href=\"/login?lng=es\""));
    assert!(spanish.html.contains("href=\"/signup?lng=es\""));
}

#[actix_web::test]
async fn the_landing_page_shows_the_product_and_its_screenshots() {
    let app = spawn_app().await;
    let html = get_page(&app, "/?lang=en", None).await.html;
    for feature in [
        "A live schedule board",
        "The phone app for employees",
        "A time clock that counts",
        "The shift pool",
        "Client booking",
        "Team chat and polls",
    ] {
        assert!(html.contains(&format!("<h3>{feature}</h3>")), "{feature}");
    }
    for language in ["English", "Deutsch", "Español", "فارسی"] {
        assert!(html.contains(language), "{language}");
    }
    // Every picture says its size; the phone's, below the fold, loads when it comes near.
    let images: Vec<&str> = html.split("<img ").skip(1).collect();
    assert_eq!(images.len(), 2);
    for img in &images {
        assert!(
            img.contains(" width=\"") && img.contains(" height=\""),
            "{img}"
        );
        assert!(img.contains(" alt=\""), "{img}");
        assert!(img.contains(".webp"), "{img}");
    }
    assert!(images[1].contains("loading=\"lazy\""));
    // Without plans on sale every store is free; a server that sells them offers the trial.
    assert!(html.contains("Free and unlimited on this server."));
    let sold = selling().await;
    let html = get_page(&sold, "/?lang=en", None).await.html;
    assert!(html.contains("60-day free trial, no credit card needed."));
}

#[actix_web::test]
async fn pricing_shows_the_catalogue_side_by_side_when_this_server_sells_plans() {
    let app = selling().await;
    let html = get_page(&app, "/pricing?lang=en", None).await.html;
    for plan in ["Free", "Starter", "Basic", "Premium"] {
        assert!(html.contains(&format!("\">{plan}</h2>")), "{plan}");
    }
    for text in [
        // Premium: 79.99 a year, its month at the yearly saving.
        "$79.99<small>per employee / year</small>",
        "$11.11<small>per employee / month</small>",
        "$29.99<small>per employee / year</small>",
        "Billed monthly",
        "Billed yearly: save 40%",
        "Up to 5 employees",
        "Up to 3 roles",
        "Unlimited employees",
        "Unlimited roles",
        "<li>Voice assistant</li>",
        "Every paid plan starts with a 60-day free trial. No credit card needed.",
        "Non-profit organisations get 20% off every plan.",
        "Prices in USD, plus taxes.",
    ] {
        assert!(html.contains(text), "{text}");
    }
    let description = meta(&html, "name=\"description\"").expect("a description");
    assert!(description.contains("up to 5 employees"), "{description}");
    assert!(description.contains("60-day"), "{description}");
    // In German and Persian, as they write prices.
    let german = get_page(&app, "/pricing?lang=de", None).await.html;
    assert!(german.contains("79,99 $<small>pro Mitarbeiter / Jahr</small>"));
    let persian = get_page(&app, "/pricing?lang=fa", None).await.html;
    assert!(persian.contains("۷۹٫۹۹ $"));
    assert!(persian.contains("تا ۵ کارمند"));
}

#[actix_web::test]
async fn pricing_says_every_store_is_free_when_this_server_sells_no_plans() {
    let app = spawn_app().await;
    let html = get_page(&app, "/pricing?lang=en", None).await.html;
    assert!(html.contains("Unlimited and free on this server"));
    assert!(html.contains(
        "This server sells no plans: every store on it is unlimited and free, with every employee, every role and every feature."
    ));
    assert!(!html.contains('$'), "no prices");
    assert!(!html.contains("trial"), "no trial");
    assert!(!html.contains("Premium"));
    assert_eq!(
        meta(&html, "name=\"description\""),
        Some("This server sells no plans: every store on it is unlimited and free, with every employee, every role and every feature.")
    );
}

/// The next weekday after today, 09:00 UTC, in epoch ms.
fn first_offered(app: &TestApp) -> i64 {
    let mut day = app.clock.now().date_naive() + Duration::days(1);
    while matches!(day.weekday(), Weekday::Sat | Weekday::Sun) {
        day += Duration::days(1);
    }
    day.and_hms_opt(9, 0, 0)
        .expect("a time")
        .and_utc()
        .timestamp_millis()
}

#[actix_web::test]
async fn the_contact_page_offers_the_coming_weekdays_free_quarter_hours() {
    let app = spawn_app().await;
    let first = first_offered(&app);
    let quarter = 15 * 60_000;
    app.call(
        "userSubmission",
        request(first + quarter, "dana@example.com"),
        None,
    )
    .await
    .data();
    let html = get_page(&app, "/contact-us?lang=en", None).await.html;
    assert!(html.contains("<form class=\"form\" method=\"post\" action=\"/contact-us?lang=en\""));
    for field in ["name", "email", "phonenumber", "slot", "website"] {
        assert!(html.contains(&format!("name=\"{field}\"")), "{field}");
        assert!(
            html.contains(&format!("<label for=\"{field}\">")),
            "{field}"
        );
    }
    // The trap is out of sight and out of the tab order.
    assert!(html.contains("<div class=\"trap\" aria-hidden=\"true\">"));
    assert!(html.contains("tabindex=\"-1\""));
    let options: Vec<i64> = html
        .split("<option value=\"")
        .skip(1)
        .filter_map(|o| o.split('"').next()?.parse().ok())
        .collect();
    assert_eq!(options[0], first);
    assert_eq!(
        options[1],
        first + 2 * quarter,
        "the taken quarter hour is left out"
    );
    assert_eq!(options.len(), 10 * 32 - 1);
    assert!(options.windows(2).all(|w| w[0] < w[1]));
    assert!(html.contains("<optgroup label=\""));
    assert!(html.contains("Times are in UTC"));
}

#[actix_web::test]
async fn the_contact_form_books_the_demo_and_sends_the_visitor_to_thank_you() {
    let app = spawn_app_with(|s| s.sales_email = Some(SALES.into())).await;
    let slot = first_offered(&app).to_string();
    let posted = post_form(
        &app,
        "/contact-us?lang=de",
        &[
            ("name", "Dana Demo"),
            ("email", "dana@example.com"),
            ("phonenumber", "+49 30 1234567"),
            ("slot", &slot),
            ("website", ""),
        ],
    )
    .await;
    assert_eq!(posted.status, 303);
    assert_eq!(posted.header("location"), "/thank-you?for=demo&lng=de");
    assert_eq!(count(&app, "SELECT 1 FROM demo_requests"), 1);
    eventually("the sales mail", async || sales_mails(&app).len() == 1).await;
    // The time is gone from the form.
    let html = get_page(&app, "/contact-us", None).await.html;
    assert!(!html.contains(&format!("<option value=\"{slot}\"")));
}

#[actix_web::test]
async fn a_refused_form_comes_back_with_the_problem_and_what_was_typed() {
    let app = spawn_app().await;
    let slot = first_offered(&app).to_string();
    let missing_name = post_form(
        &app,
        "/contact-us?lang=de",
        &[
            ("name", " "),
            ("email", "dana@example.com"),
            ("phonenumber", "+49 30 1234567"),
            ("slot", &slot),
        ],
    )
    .await;
    assert_eq!(missing_name.status, 400);
    let html = &missing_name.html;
    assert!(html.contains("<html lang=\"de\" dir=\"ltr\">"));
    assert!(html.contains("role=\"alert\""));
    assert!(html.contains("Bitte geben Sie Ihren Namen ein."), "{html}");
    assert!(html.contains("value=\"dana@example.com\""));
    assert!(html.contains("value=\"+49 30 1234567\""));
    assert!(html.contains(&format!("<option value=\"{slot}\" selected>")));
    assert!(html.contains(
        "autocomplete=\"name\" required maxlength=\"120\" value=\" \" aria-invalid=\"true\""
    ));
    // What was typed comes back escaped.
    let marked = post_form(
        &app,
        "/contact-us?lang=en",
        &[
            ("name", "<b>Dana</b>"),
            ("email", "not an address"),
            ("slot", &slot),
        ],
    )
    .await;
    assert_eq!(marked.status, 400);
    assert!(marked
        .html
        .contains("value=\"&#60;b&#62;Dana&#60;/b&#62;\""));
    assert!(!marked.html.contains("<b>Dana</b>"));
    assert!(marked.html.contains("Please enter a valid e-mail address."));
    // A time someone else took, in Persian.
    app.call(
        "userSubmission",
        request(first_offered(&app), "omar@example.com"),
        None,
    )
    .await
    .data();
    let taken = post_form(
        &app,
        "/contact-us?lang=fa",
        &[
            ("name", "Dana Demo"),
            ("email", "dana@example.com"),
            ("phonenumber", "+49 30 1234567"),
            ("slot", &slot),
        ],
    )
    .await;
    assert_eq!(taken.status, 409);
    assert!(taken.html.contains("<html lang=\"fa\" dir=\"rtl\">"));
    assert!(taken
        .html
        .contains("این زمان دمو همین حالا گرفته شد؛ زمان دیگری انتخاب کنید."));
    // A robot filling the trap is answered as a person and nothing is kept.
    let robot = post_form(
        &app,
        "/contact-us",
        &[
            ("name", "Bot"),
            ("email", "bot@example.com"),
            ("phonenumber", "+1 555 0100"),
            ("slot", &(first_offered(&app) + 60 * 60_000).to_string()),
            ("website", "https://spam.example"),
        ],
    )
    .await;
    assert_eq!(robot.status, 303);
    assert_eq!(count(&app, "SELECT 1 FROM demo_requests"), 1);
    // A form past its size is refused unread.
    let huge = post_form(&app, "/contact-us", &[("name", &"x".repeat(20_000))]).await;
    assert_eq!(huge.status, 413);
    assert_eq!(count(&app, "SELECT 1 FROM demo_requests"), 1);
}

#[actix_web::test]
async fn the_pages_files_are_kept_a_year_and_the_pages_follow_the_policy() {
    let app = spawn_app().await;
    let page = get_page(&app, "/?lang=en", None).await;
    let csp = page.header("content-security-policy").to_string();
    assert!(csp.contains("script-src 'self';"), "{csp}");
    assert!(!csp.contains("unsafe-inline"));
    let html = &page.html;
    // No inline script or style: the policy would refuse them.
    assert!(!html.contains("<script>") && !html.contains("<style"));
    assert!(!html.contains(" style=\""));
    let stylesheet = between(html, "<link rel=\"stylesheet\" href=\"", "\"").expect("a stylesheet");
    let script = between(html, "<script src=\"", "\"").expect("the landing page's script");
    let board = between(html, "<img src=\"", "\"").expect("a screenshot");
    for (url, kind) in [
        (stylesheet, "text/css; charset=utf-8"),
        (script, "text/javascript; charset=utf-8"),
        (board, "image/webp"),
    ] {
        assert!(url.starts_with("/site/"), "{url}");
        let file = get_page(&app, url, None).await;
        assert_eq!(file.status, 200, "{url}");
        assert_eq!(file.header("content-type"), kind, "{url}");
        assert_eq!(
            file.header("cache-control"),
            "public, max-age=31536000, immutable",
            "{url}"
        );
    }
    // The script sends a signed-in browser to the app's home.
    assert!(get_page(&app, script, None)
        .await
        .html
        .contains("location.replace('/app')"));
    // An old or made-up name is not a file.
    assert_eq!(
        get_page(&app, "/site/site.0000000000.css", None)
            .await
            .status,
        404
    );
    // The other pages have no script of their own.
    let pricing = get_page(&app, "/pricing", None).await.html;
    assert!(!pricing.contains("<script"));
}

#[actix_web::test]
async fn the_site_answers_its_pages_and_the_web_app_every_other_path() {
    let shell = "<!doctype html><title>Clockto</title><div id=\"root\"></div>";
    let dir = tempfile::tempdir().expect("a directory");
    std::fs::write(dir.path().join("index.html"), shell).expect("write the shell");
    let static_dir = dir.path().to_path_buf();
    let app = spawn_app_with(|s| s.static_dir = static_dir).await;
    for path in ["/", "/pricing", "/contact-us"] {
        let page = get_page(&app, path, None).await;
        assert!(page.html.contains("<header class=\"top\">"), "{path}");
    }
    for path in ["/app", "/login", "/thank-you?for=demo", "/schedule"] {
        let page = get_page(&app, path, None).await;
        assert_eq!(page.status, 200, "{path}");
        assert_eq!(page.html, shell, "{path}");
    }
    let head = app
        .client
        .head(format!("{}/pricing", app.address))
        .send()
        .await
        .expect("HEAD");
    assert_eq!(head.status().as_u16(), 200);
}
