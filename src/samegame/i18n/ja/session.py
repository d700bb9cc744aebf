"""Settings, parsing, leaving and help in a game."""

from __future__ import annotations

from collections.abc import Mapping

MESSAGES: Mapping[str, str] = {
    # settings
    "setting": "{name}: {value}",
    "setting.source": "{name}: {value}、{source}",
    "setting.from.flag": "コマンドラインの指定",
    "setting.from.environment": "環境変数の指定",
    "setting.from.saved": "保存した設定",
    "setting.from.default": "既定値",
    "error.setting_words": "settings NAME VALUE の形で入力してください。例えば settings verbosity terse です。",
    "error.setting_unknown": "{name}という設定はありません。設定は{names}です。",
    "error.setting_value": "{name}に{value}は使えません。{choices}から選んでください。",
    # parsing
    "error.unknown": "「{text}」はコマンドでもマスでもありません。一覧は help です。",
    "error.cell_argument": "「{text}」はマスではありません。cell C5 のように入力してください。",
    "error.row_argument": "「{text}」は行番号ではありません。row 5 のように半角数字の0から9で入力してください。",
    "error.column_argument": "「{text}」は列ではありません。column C や column 3 のように半角数字の0から9で入力してください。",
    "error.groups_argument": (
        "「{text}」は色でも大きさでも列でもありません。"
        "groups 赤(または groups red)、groups 5、groups C のように入力してください。"
    ),
    "error.no_argument": "{command}の後には何も付けません。「{text}」は無視し、何もしていません。",
    # leaving
    "bye.saved": "ゲームを保存しました。{command} で続きから遊べます。",
    "bye.finished": "さようなら。",
    # help
    "help.intro": (
        "C5 のようにマスを入力するとグループを選び、同じマスか remove で消します。"
        "コマンドと短縮形は次のとおりです。"
    ),
    "help.remove": "{word} ({short}): 選んだグループを消します。",
    "help.cancel": "{word} ({short}): 選択を取り消します。",
    "help.undo": "{word} ({short}): 最後の手を戻します。",
    "help.redo": "{word} ({short}): 戻した手をもう一度指します。",
    "help.restart": "{word} ({short}): 最初の盤面に戻ります。",
    "help.new": "{word} ({short}): 新しい盤面です。",
    "help.next": "{word} ({short}): チャレンジの次のステージです。",
    "help.hint": "{word} ({short}): グループを理由つきで提案します。",
    "help.quit": "{word} ({short}): 終了します。ゲームは保存されます。",
    "help.help": "{word} ({short}): この一覧です。",
    "help.board": "{word} ({short}): すべての行を上から読みます。",
    "help.row": "{word} ({short}) N: 1行だけ読みます。例えば row 5 です。row 5 色 と入力すると、文字の代わりに色の名前で読みます。",
    "help.column": "{word} ({short}) C: 1列を下から読みます。例えば column C です。column C 色 と入力すると、色の名前で読みます。",
    "help.cell": "{word} ({short}) C5: そのマスに何があるかを読みます。",
    "help.groups": (
        "{word} ({short}) [色、大きさ、列]: すべてのグループを大きい順に読みます。"
        "groups 赤(または groups red)、groups 三角、groups 5、groups C のように絞り込めます。"
    ),
    "help.more": "{word} ({short}): 長い答えの続きを読みます。",
    "help.summary": "{word} ({short}): スコア、手数、残りのタイルとグループです。",
    "help.colours": "{word} ({short}): 色ごとの残りのタイルです。",
    "help.score": "{word} ({short}): スコアです。",
    "help.last": "{word} ({short}): 最後の手の読み上げを繰り返します。その後に尋ねたことでは置き換わりません。",
    "help.coords": "{word} ({short}): マスの呼び方です。",
    "help.rules": "{word} ({short}): このゲームのルールです。",
    "help.settings": (
        "{word} ({short}) [NAME VALUE]: verbosity、language、accessible、colour、symbols、"
        "one-click、bell を表示または変更します。"
    ),
    "help.verbosity": (
        "{word} ({short}) terse、normal、verbose のどれか: 1手ごとに読み上げる量です。"
    ),
}
