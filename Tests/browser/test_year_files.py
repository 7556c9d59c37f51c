"""印刷, 取り込み and 設定's backup and restore in a real browser: a notices PDF downloads, a users
CSV is previewed then imported, and a backup downloaded from 設定 is restored after its check."""
from pathlib import Path

from playwright.sync_api import expect

from conftest import nav_link

LANGUAGES = ["ja", "en"]


def test_the_notices_download_is_a_pdf(page, words, tmp_path):
    nav_link(page, words["print"]).click()
    page.wait_for_load_state()
    notices = page.locator("#notices")
    with page.expect_download() as download:
        notices.get_by_role("button", name=words["download_pdf"], exact=True).click()
    saved = tmp_path / "notices.pdf"
    download.value.save_as(saved)
    assert download.value.suggested_filename.startswith("notices-"), download.value.suggested_filename
    assert saved.read_bytes().startswith(b"%PDF"), saved.read_bytes()[:40]


def test_a_users_csv_is_previewed_then_imported(page, words, tmp_path):
    csv = tmp_path / "users.csv"
    csv.write_text("card,name,class\nC0200,あおい,ひよこ組\nC0001,はると,ひよこ組\n", encoding="utf-8")
    page.goto("/settings")
    page.locator("#backup").get_by_role("link").filter(has_text="CSV").click()
    page.wait_for_load_state()
    assert page.url.endswith("/import"), page.url
    page.get_by_label(words["csv_file"], exact=True).set_input_files(str(csv))
    page.get_by_role("button", name=words["import_check"], exact=True).click()
    page.wait_for_load_state()
    main = page.locator("main")
    expect(main).to_contain_text("あおい")
    expect(main).to_contain_text("ひよこ組")
    # Nothing is written before 「取り込む」 (looked at in another tab, the preview stays open).
    other = page.context.new_page()
    other.goto("/users")
    expect(other.locator("main")).not_to_contain_text("あおい")
    other.close()
    page.get_by_role("button", name=words["import_it"], exact=True).click()
    page.wait_for_load_state()
    expect(page.locator("main")).to_contain_text(words["imported"])
    page.goto("/users")
    expect(page.locator("main")).to_contain_text("あおい")


def test_a_backup_downloads_and_restores_after_its_check(page, words, library, tmp_path):
    page.goto("/settings")
    with page.expect_download() as download:
        page.get_by_role("link", name=words["backup"], exact=True).click()
    backup = tmp_path / download.value.suggested_filename
    download.value.save_as(backup)
    assert backup.name.startswith("library-") and backup.name.endswith(".sqlite"), backup.name
    assert backup.read_bytes().startswith(b"SQLite format 3")

    # A Book added after the backup is gone once the backup is restored.
    added = tmp_path / "added.csv"
    added.write_text("barcode,title\nB0100,はなをくんくん\n", encoding="utf-8")
    library.cli("import", "books", str(added))
    page.goto("/settings")
    page.get_by_label(words["backup_file"], exact=True).set_input_files(str(backup))
    page.get_by_role("button", name=words["restore_check"], exact=True).click()
    page.wait_for_load_state()
    expect(page.locator("main table")).to_be_visible()
    other = page.context.new_page()
    other.goto("/books?q=はなをくんくん")
    expect(other.locator("main")).to_contain_text("はなをくんくん")
    other.close()
    page.get_by_role("button", name=words["restore_it"], exact=True).click()
    page.wait_for_load_state()
    expect(page.locator("main")).to_contain_text(words["restored"])
    kept = list(Path(library.db).parent.glob("library.before-restore-*.sqlite"))
    assert kept, "the library as it was is not kept beside it"
    page.goto("/books?q=はなをくんくん")
    expect(page.locator("main")).not_to_contain_text("はなをくんくん")
