"""samegame serve: サーバーが言うこと（ページの言葉は web の領域）。"""

from __future__ import annotations

from collections.abc import Mapping

MESSAGES: Mapping[str, str] = {
    "serve.title": "さめがめ",
    "serve.cell": "{cell}、{tile}、{count}個のグループ",
    "serve.cell.alone": "{cell}、{tile}、1個だけ",
    "serve.group": "{count}個中{number}番目のグループ、{group}。",
    "serve.started": "samegame を {address} で公開しています。ブラウザで開いてください。Ctrl-C でサーバーを止めます。",
    "serve.opening": "既定のブラウザで {address} を開きます。",
    "serve.stopped": "サーバーを止めました。どのゲームも一手ごとに保存してあります。",
    "serve.warning.host": "ページを {host} で公開しているので、そこに届く他のマシンからもゲームを遊んだり読んだりできます。意図したのでなければ 127.0.0.1 で公開してください",
    "serve.error.wrong_host": "このページは {host} のためだけに公開しています。",
    "serve.error.token": "このリクエストはこのサーバーが渡したページから来ていません。ページを読み込み直してください。",
    "serve.error.origin": "このリクエストは別のサイトから来たので断りました。",
    "serve.error.too_large": "リクエストが大きすぎます。{limit}バイトまでです。",
    "serve.error.not_json": "このリクエストは JSON のオブジェクトではありません。",
    "serve.error.not_whole_number": "盤面番号やゲームは0から{most}までの整数で指定してください。",
    "serve.error.unknown_preset": "このサーバーにそのプリセットはありません。一覧にあるものから選んでください: {known}",
    "serve.error.line_too_long": "コマンドは{limit}文字までです。",
    "serve.error.no_game": "このゲームはここではもう開いていません。もう一度始めるか再開してください。",
    "serve.error.too_many": "同時に開いているゲームが多すぎます。{limit}までです。ページを読み込み直してください。",
    "serve.error.no_review": "この振り返りはここではもう開いていません。もう一度求めてください（ゲームと一緒に保存した振り返りなら探索しません）。",
    "serve.error.review_running": "振り返りはまだ続いています。終わってから練習してください。",
    "serve.error.not_a_moment": "{number}手目はこの振り返りの要所ではありません。",
    "serve.error.not_a_move": "要所は手の番号、1以上の整数で指定してください。",
    "serve.error.review_failed": "振り返りが止まりました: {problem}。",
    "serve.review.played": "{label}、打った手",
    "serve.review.preferred": "{label}、推した手",
    "serve.review.start": "{what} を振り返ります。{count}手、各局面を決まった量だけ探索します。「振り返りを止める」で止めると、それまでに振り返った手は残ります。",
    "error.serve.needs_web": "samegame serve には web の追加機能が必要です: pip install 'samegame[web]'",
    "error.serve.host": "--host {host} はこのマシンのアドレスではありません。127.0.0.1 かこのマシンのアドレスを指定してください。",
    "error.serve.port": "ポート {port} は使えません（{problem}）。--port で別のポートを選ぶか、0 で空いているポートを使ってください。",
}
