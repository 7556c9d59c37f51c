"""The page's visible names, per language: the contract: teachers
are told these words, and the tests find links, buttons and fields by them."""

WORDS = {
    "ja": {
        "name": "名前", "password": "パスワード", "sign_in": "ログイン", "sign_out": "ログアウト",
        "home": "ホーム", "loans": "貸出中", "books": "絵本", "users": "利用者", "settings": "設定",
        "overdue_only": "期限切れのみ", "return": "返却", "return_it": "返却する", "extend": "延長",
        "on_loan": "貸出中", "available": "貸出可", "add_book": "絵本を追加", "edit": "編集",
        "withdraw": "除籍", "lend": "貸出", "add_user": "利用者を追加", "deactivate": "利用停止",
        # Parts of the sign-in page's messages (not contracts: the page's wording, checked loosely).
        "wrong_password": "パスワードが違います", "slowed": "秒たってから", "locked": "止めています",
        # The school year: 組 and 記録.
        "classes": "組", "records": "記録", "class": "組", "class_name": "組の名前", "grade": "学年",
        "add_class": "組を追加", "reading": "よみがな", "save": "保存する", "remove": "削除", "inactive": "利用停止中",
        "review_promotion": "進級の確認へ", "promote": "進級する", "promoted_audit": "進級", "since": "いつから(月)",
        "filter": "絞り込む",
        # 印刷, 取り込み, backup and restore
        "print": "印刷", "download_pdf": "PDF をダウンロード", "import": "取り込み",
        "csv_file": "CSV ファイル", "import_check": "確認する", "import_it": "取り込む", "imported": "取り込みました",
        "backup": "バックアップ", "backup_file": "バックアップのファイル", "restore_check": "中身を確認",
        "restore_it": "復元する", "restored": "復元しました",
    },
    "en": {
        "name": "Name", "password": "Password", "sign_in": "Sign in", "sign_out": "Sign out",
        "home": "Home", "loans": "On loan", "books": "Books", "users": "Users", "settings": "Settings",
        "overdue_only": "Overdue only", "return": "Return", "return_it": "Return it", "extend": "Extend",
        "on_loan": "On loan", "available": "Available", "add_book": "Add a book", "edit": "Edit",
        "withdraw": "Withdraw", "lend": "Lend", "add_user": "Add a user", "deactivate": "Deactivate",
        "wrong_password": "password is not right", "slowed": "try again in", "locked": "account is paused",
        # The school year: Classes and Records.
        "classes": "Classes", "records": "Records", "class": "Class", "class_name": "Class name", "grade": "Grade",
        "add_class": "Add a class", "reading": "Reading (yomigana)", "save": "Save", "remove": "Remove", "inactive": "Deactivated",
        "review_promotion": "Review the promotion", "promote": "Promote", "promoted_audit": "Promotion", "since": "Since (month)",
        "filter": "Filter",
        # 印刷, 取り込み, backup and restore
        "print": "Print", "download_pdf": "Download the PDF", "import": "Import",
        "csv_file": "CSV file", "import_check": "Check it", "import_it": "Import", "imported": "Imported",
        "backup": "Backup", "backup_file": "Backup file", "restore_check": "Check the backup",
        "restore_it": "Restore it", "restored": "Restored",
    },
}

#: The navigation's links, in order, and where they lead.
NAVIGATION = [("home", "/"), ("loans", "/loans"), ("books", "/books"), ("users", "/users"),
              ("classes", "/classes"), ("print", "/print"), ("records", "/records"), ("settings", "/settings")]
