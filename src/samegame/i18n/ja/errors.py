"""コマンドラインのエラー (``Error:`` の後の言葉)。英語版と同じキーとプレースホルダー。"""

from __future__ import annotations

from collections.abc import Mapping

MESSAGES: Mapping[str, str] = {
    # エラーの前後の言葉
    "error.see_help": "{message}。使い方は {command} --help で見られます。",
    "error.interrupted": "中断しました。失われたものはありません。",
    "error.terminated": "終了させられました。失われたものはありません。",
    "error.warning.settings": "{problem}。既定の設定を使います。",
    # 読めなかったオプション
    "error.usage.no_such_option": "{option} というオプションはありません",
    "error.usage.no_such_option.maybe": "{option} というオプションはありません。近いものは {options} です",
    "error.usage.no_such_command": "{name} というコマンドはありません",
    "error.usage.no_such_command.maybe": "{name} というコマンドはありません。{commands} のことでしょうか",
    "error.usage.needs_value": "オプション {option} には値が必要です",
    "error.usage.missing": "オプション {option} を指定してください",
    "error.usage.missing_argument": "{option} を指定してください",
    "error.usage.extra": "余分な引数があります（{text}）",
    "error.usage.not_whole_number": "{option} の値「{value}」は整数ではありません。数字の0から9で書いてください",
    "error.usage.not_number": "{option} の値「{value}」は数ではありません。数字の0から9で書いてください",
    "error.usage.too_small": "{option} の値 {value} は小さすぎます。{low}以上にしてください",
    "error.usage.too_large": "{option} の値 {value} は大きすぎます。{high}以下にしてください",
    "error.usage.not_a_choice": "{option} の値「{value}」は使えません。{choices} から選んでください",
    "error.usage.bad_value": "{option} の値が正しくありません。{problem}",
    # 言語、プリセット、プラグインの名前
    "error.language.unknown": "言語 {name} は使えません。--lang en または --lang ja を指定してください。",
    "error.preset.unknown": "{name} という名前のプリセットはありません。あるのは {known} です。",
    "error.preset.no_board_type": "盤面の種類 {board_type} は {preset} プリセットにはありません。{choices} から選んでください",
    "error.preset.no_colours": "{colours}色は {preset} プリセットにはありません。{choices}から選んでください",
    "error.preset.no_formula_choice": "{preset} プリセットでは得点の計算式を選べません（使うのは {formula} です）",
    "error.preset.no_bonus": "{preset} プリセットに{bonus}点の全消しボーナスはありません。{choices}から選んでください",
    "error.preset.no_selection": "{preset} プリセットに {selection} の選び方はありません。{choices} から選んでください",
    "error.bonus.negative": "全消しボーナスは負にできません（{bonus}）",
    "error.bonus.too_large": "全消しボーナスは{most}までです。{bonus}は大きすぎます",
    "error.name.unknown": "{name} という名前の{kind}はありません。あるのは {known} です。",
    "error.kind.scoring_formula": "得点の計算式",
    "error.kind.penalty": "減点",
    "error.kind.board_generator": "盤面の種類",
    "error.kind.renderer": "表示方法",
    "error.kind.bot": "ボット",
    "error.renderer.unknown": "{option} の {name} という表示方法はありません。あるのは {known} です。",
    # 盤面の大きさと番号
    "error.size.unknown": "{size} という大きさはありません。{names} から選ぶか、{width}x{height} のように列数x行数で書いてください。",
    "error.size.width": "幅 {width} は使えません。1から{high}列にしてください。",
    "error.size.height": "高さ {height} は使えません。1から{high}行にしてください。",
    "error.size.colours": "{colours}色の盤面は作れません。{low}から{high}色にしてください。",
    "error.size.colours.type": "盤面の種類 {board_type} で{colours}色は使えません。{low}から{high}色にしてください。",
    "error.board_number.negative": "盤面番号は0以上にしてください。",
    "error.board_number.range": "盤面番号 {number} は範囲外です。0から{high}にしてください。",
    # ファイル
    "error.file.missing": "{path} を読めません。ファイルがありません。パスを確かめてください。",
    "error.plugin_option.value": "{option} には値が必要です。読み込むプラグインのモジュール（-p、--plugin）かフォルダー（--plugins-dir）を指定してください。",
    "error.plugins_dir.missing": "--plugins-dir の {path} はフォルダーではありません。プラグインの .py ファイルを入れたフォルダーを指定してください。",
    "error.file.unreadable": "{path} を読めません（{problem}）。パスを確かめてください。",
    "error.file.not_text": "{path} はテキストファイルではありません。盤面をテキスト形式で渡してください。",
    "error.file.too_large": "{path} は大きすぎます。1つのファイルから読むのは{limit}バイトまでです。盤面をテキスト形式で渡してください。",
    "error.file.board": "{path} の盤面を読めません。{problem}",
    "error.replay.board_choice": "--board FILE と --board-number N のどちらか一つだけを指定してください。",
    # 保存したゲーム
    "error.game.unknown": "保存したゲーム{game}はありません。samegame history で確かめてください。",
    "error.store.damaged": "{path} は samegame のデータベースではないか、壊れています。別の場所に移す（新しいものが作られます）か、{variable} を別のフォルダーにしてください。",
    "error.store.newer": "{path} は新しい samegame が書いたものです（データベース形式{version}、このバージョンが読めるのは形式{readable}）。samegame を更新するか、{variable} を別のフォルダーにしてください。",
    "error.store.damaged_game": "{path} の保存したゲーム{game}は壊れています（{problem}）。そのまま残してあります。別のゲームを遊ぶ（samegame play --fresh または --game ID）か、データベースを移すか、{variable} を設定して最初から始めてください。",
}
