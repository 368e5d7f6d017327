"""Rules from blind set 43: bare URLs on more domains, plates after Albanian and Uzbek words,
Afrikaans bank words, capitalised hyphenated and apostrophe surnames in name columns, logins
after 'portal log-in', streets with lower-case words before a postcode, flats in Slavic
addresses."""

from __future__ import annotations

import pytest

from .conftest import rules_only_tags as _tagged


@pytest.mark.parametrize(
    ("text", "url"),
    [
        (
            "advertises cameras on facebook.example/jordan.hales.946.",
            "facebook.example/jordan.hales.946",
        ),
        ("my mixes: mixcloud.ie/xochi-sonidera", "mixcloud.ie/xochi-sonidera"),
    ],
)
def test_bare_urls_with_a_path(text: str, url: str) -> None:
    assert ("URL", url) in _tagged(text)


def test_a_fraction_is_no_url() -> None:
    assert not [t for t in _tagged("version 1.2/3 of the form, ratio 3.5/4.no") if t[0] == "URL"]


@pytest.mark.parametrize(
    ("text", "plate"),
    [
        ("me makinën me targë AA 418 KM. Anija u nis", "AA 418 KM"),
        ("Yuk mashinam: 30 A 418 KB, tirkama: 30 XA 2217. Olti kun", "30 XA 2217"),
    ],
)
def test_plates_after_albanian_and_uzbek_words(text: str, plate: str) -> None:
    assert plate in [t[1] for t in _tagged(text)]


def test_afrikaans_branch_code_and_account_number() -> None:
    tags = [
        t[1] for t in _tagged("in ons rekening by FNB, takkode 250655, rekeningnommer 62841773015.")
    ]
    assert "250655" in tags and "62841773015" in tags


def test_capitalised_surnames_with_apostrophes_and_hyphens_in_a_name_column() -> None:
    text = (
        "| Surname | Given names | Age |\n|---|---|---|\n"
        "| O'BRIEN | Niamh | 26 |\n| AL-HASSAN | Rania | 29 |\n| KAYA | Mehmet | 45 |\n"
    )
    tags = _tagged(text)
    assert ("PERSON", "O'BRIEN") in tags and ("PERSON", "AL-HASSAN") in tags


@pytest.mark.parametrize(
    ("text", "login"),
    [
        ("It is now in your patient portal (log-in mdelgado84); our audit log", "mdelgado84"),
        ("moved online (portal log-in creyes.w) |", "creyes.w"),
        (
            "the shared CRM log-in fundraising.events was used from 198.51.100.23",
            "fundraising.events",
        ),
    ],
)
def test_logins_after_log_in(text: str, login: str) -> None:
    assert ("USERNAME", login) in _tagged(text)


def test_a_log_in_page_is_no_login() -> None:
    assert not [t for t in _tagged("Use the portal log-in page to reset.") if t[0] == "USERNAME"]


@pytest.mark.parametrize(
    ("text", "address"),
    [
        (
            "Pasji hotel d.o.o., Ljubljanska cesta 88, 1230 Domžale",
            "Ljubljanska cesta 88, 1230 Domžale",
        ),
        (
            "EMŠO 1407986505039, Cesta talcev 12, 1000 Ljubljana, tel. 041",
            "Cesta talcev 12, 1000 Ljubljana",
        ),
        (
            "Dragan Nikolić\nUstanička 64, stan 9, 11050 Beograd\nJMBG",
            "Ustanička 64, stan 9, 11050 Beograd",
        ),
    ],
)
def test_streets_with_lower_case_words_and_flats(text: str, address: str) -> None:
    assert ("STREET_ADDRESS", address) in _tagged(text)


@pytest.mark.parametrize(
    "text", ["Paid for items 12, 1000 Euros", "Chapter twelve 12, 2019 Report"]
)
def test_numbers_before_a_year_or_an_amount_are_no_street(text: str) -> None:
    assert not [t for t in _tagged(text) if t[0] == "STREET_ADDRESS"]


@pytest.mark.parametrize(
    ("text", "date"),
    [
        ("Data: 15 ta' Marzu 2025\nSuġġett:", "15 ta' Marzu 2025"),
        ("Data: 4 de febreiro de 2025\nAsunto", "4 de febreiro de 2025"),
        ("Datum na raѓање: 22 мај 1994 година", "22 мај 1994"),
        ("chiqarildim 9-mart kuni", "9-mart"),
        ("kusukela ngo-18 Mashi kuze kube", "18 Mashi"),
        ("Për 28 shkurt 2025 kisha rezervuar", "28 shkurt 2025"),
        ("Date: 3 Chwefror 2025 / 3 February 2025", "3 Chwefror 2025"),
        ("El 12 de març de 2025 vas donar sang", "12 de març de 2025"),
        ("Rīgā, 2025. gada 3. martā\n\nSIA", "2025. gada 3. martā"),
        ("Күні: 2025 жылғы 12 наурыз\nКепіл", "2025 жылғы 12 наурыз"),
        ("Sana: 2025-yil 14-mart\n\nSHIKOYAT", "2025-yil 14-mart"),
    ],
)
def test_dates_in_more_languages(text: str, date: str) -> None:
    assert ("DATE", date) in _tagged(text)


@pytest.mark.parametrize("text", ["I paid 12-may have been wrong", "Gate 3 Mawrth Road"])
def test_month_words_that_make_no_date(text: str) -> None:
    assert not [t for t in _tagged(text) if t[0] == "DATE"]


def test_every_date_branch_is_guarded_by_the_prescan() -> None:
    """A month list grown past Hyperscan's pattern length left three date branches unguarded
    (searched in every text, six times the recognizer's time) until it was split in two."""
    from privtext.tagging import prescan
    from privtext.tagging.recognizers import date

    assert prescan.backend() == "hyperscan"  # a locked dependency (pyproject.toml)
    group = date._RX.prescan
    group.candidates("x" * 200)
    assert not group._unguarded


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("Инстаграм: @marija_na_bran\nЗанимање: новинарка, Портал „Вести Денес“", "новинарка"),
        ("வயது: 52      தொழில்: பேருந்து நடத்துநர்\nமுகவரி: 12", "பேருந்து நடத்துநர்"),
        ("Punoj si mësues në shkollën e mesme „Gjergj Kastrioti“ dhe", "mësues"),
        ("Radim kao medicinska sestra u bolnici.", "medicinska sestra"),
    ],
)
def test_occupations_in_more_languages(text: str, title: str) -> None:
    assert ("JOB_TITLE", title) in _tagged(text)
