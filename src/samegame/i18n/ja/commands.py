"""The scores, history and accessibility commands."""

from __future__ import annotations

from collections.abc import Mapping

MESSAGES: Mapping[str, str] = {
    # samegame scores and history
    # 日付
    "date": "{year}年{month}{day}日",
    "date.time": "{date} {hour}時{minute}分",
    "month.1": "1月",
    "month.2": "2月",
    "month.3": "3月",
    "month.4": "4月",
    "month.5": "5月",
    "month.6": "6月",
    "month.7": "7月",
    "month.8": "8月",
    "month.9": "9月",
    "month.10": "10月",
    "month.11": "11月",
    "month.12": "12月",
    "scores.none": "まだスコアはありません。練習でない終わったゲームがここに順位つきで並びます。",
    "scores.category": "ルール {category}:",
    "scores.all_practice": "順位つきのスコアはまだありません。終わったゲームはすべて練習でした。",
    "scores.challenges": "{preset} の合計の最高記録です。",
    "category.size": "{width}列{height}行、{colours}色",
    "category.formula": "得点方式は{name}、ボーナス{bonus}点",
    "category.penalty": "ペナルティは{name}",
    "category.min_group": "{count}個以上のグループ",
    "category.board_type": "盤面の種類は{name}",
    "entry.cleared": "すべて消しました",
    "entry.not_cleared": "消し残りあり",
    "entry.left": "残り{count}個",
    "entry.board": "、盤面{number}",
    "entry.score": "{rank}位: {score}点、{cleared}、{count}手{board}、{preset}、{date}。",
    "entry.games": "{count}ゲーム",
    "entry.boards": "{count}盤面",
    "entry.completed": "終えたゲームは{games}、すべて消したのは{boards}です。",
    "entry.challenge": "{rank}位: {score}点（ステージ {stages}）、{date}。",
    "entry.board.file": "ファイルの盤面",
    "entry.board.number": "盤面{number}",
    "entry.game": "ゲーム{game}、{preset}、{category}、{board}",
    "entry.practice": "、練習（{reasons}）",
    "entry.help": "、使った助けは{used}",
    "entry.reviewed": "、振り返り済み",
    "entry.unfinished": "{head}: 途中、{count}手、保存 {saved}{notes}。",
    "entry.finished": "{head}: {score}点、{left}、{count}手、終了 {finished}{notes}。",
    "history.none": "終わったゲームはまだありません。",
    "history.none.unfinished": "途中のゲームはありません。",
    # samegame accessibility
    "a11y.title": "samegame のアクセシビリティ。すべて、入力するコマンドと普通の行で操作できます。",
    "a11y.switches": "samegame play のオプションです。",
    "a11y.switch.accessible": (
        "--accessible: スクリーンリーダーと点字ディスプレイ向けに、行を書き足すだけの表示にします。"
        "カーソル移動、色、再描画はありません。--no-accessible でオフにします。"
    ),
    "a11y.switch.verbosity": "--verbosity terse、normal、verbose のどれか: terse では1手に1行だけです。",
    "a11y.switch.lang": "--lang 言語コード: すべてのメッセージの言語です。{languages}から選べます。",
    "a11y.switch.color": (
        "--color auto、always、never のどれか: 端末の16色で色を付けます。"
        "auto では、出力が端末でなければ色を付けません。"
    ),
    "a11y.switch.symbols": (
        "--symbols letters、shapes、digits のどれか: 目で見る盤面の描き方です。digits ではタイルに1、2、3と番号を付け、"
        "どの番号がどの色かを凡例で示します。読み上げる行は英字のままです。"
    ),
    "a11y.switch.one_click": "--one-click: ルールが許せば、マスを入力するとすぐにグループを消します。",
    "a11y.switch.bell": (
        "--bell: 受け付けられない手と終了時にベルを鳴らします。ベルだけが伝える情報はありません。"
    ),
    "a11y.switch.yes": "--yes: 手を指した後のやり直しの確認など、すべての質問に yes と答えます。",
    "a11y.variables": "環境変数です。",
    "a11y.var.samegame_accessible": (
        "SAMEGAME_ACCESSIBLE を1にするとアクセシブルモードがオン、0でオフになります。"
        "--accessible のほうが優先です。"
    ),
    "a11y.var.accessible": (
        "ACCESSIBLE が空でなければアクセシブルモードがオン、0 か false でオフになります。"
        "SAMEGAME_ACCESSIBLE のほうが優先で、保存した設定よりは ACCESSIBLE が優先です。"
    ),
    "a11y.var.no_color": "NO_COLOR があるとき、または TERM が dumb のときは、色のコードを一切出しません。",
    "a11y.var.home": "SAMEGAME_HOME: 保存したゲーム、最高スコア、設定を置くフォルダーです。",
    "a11y.queries": "ゲーム中に情報を伝えるだけで、ゲームを変えないコマンドです。",
    "a11y.settings": (
        "ゲーム中に settings NAME VALUE で verbosity、language、accessible、colour、symbols、"
        "one-click、bell を変更でき、次回も保たれます。"
    ),
    "a11y.json": (
        "データを出すコマンドには --format json があります。"
        "board show、presets、plugins、scores、history です。"
    ),
    "a11y.input": (
        "手を書いたファイルなど、端末でない入力も同じように1行ずつ読み、毎回同じ記録になります。"
    ),
    "a11y.every_command": (
        "play のほか tutorial、accessibility、presets、scores、history など、どのコマンドも保存した言語とアクセシブル設定に従い、"
        "--lang と --accessible を受け付けます。これらはその実行だけに効き、保存されません。"
        "ゲーム中の settings は、使われている値とその出どころを読み上げます。"
    ),
    "a11y.keys": "z は undo です。プロンプトで Escape を押すか、Escape だけの行か cancel で、選択をやめます。",
    "a11y.long_work.hint": (
        "--hint-bot nrpa のように探索するヒントのボットは、考えていることとその時間を最初に伝えます。"
        "Ctrl-C で止めると、それまでの最良の手を示し、ゲームを保存して終わります。"
    ),
    "a11y.long_work": (
        "solve や bench など時間のかかる処理は、最初に何をどれだけの時間するかを伝え、"
        "途中経過を数行だけ出し、Ctrl-C で1秒以内に止まって、それまでの最良の結果を残します。"
    ),
}
