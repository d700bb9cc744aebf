"""Japanese messages (日本語). Same keys and placeholders as ``en.py``.

Japanese has no grammatical plural, so every message is a plain string; where the
English has plural forms, the Japanese string uses every placeholder of both forms.
Words the player types (commands, setting names and values) stay in ASCII, as do
digits and cells such as A1, because the parser only takes those. Punctuation is
「、」「。」 and 「」 around quoted input; no symbols that a screen reader spells out.
"""

from __future__ import annotations

from collections.abc import Mapping

MESSAGES: Mapping[str, str] = {
    # words
    "tiles": "{colour}の{shape}{count}個",
    "tile": "{colour}の{shape}",
    "points": "{count}点",
    "range": "{low}から{high}",
    "list": "{head}と{last}",
    "list.or": "{head}または{last}",
    "list.separator": "、",
    "group": "{span}の{tiles}、{points}",
    "colour.red": "赤",
    "colour.blue": "青",
    "colour.green": "緑",
    "colour.yellow": "黄色",
    "colour.purple": "紫",
    "colour.orange": "オレンジ",
    "colour.cyan": "水色",
    "colour.white": "白",
    "colour.black": "黒",
    "shape.circle": "丸",
    "shape.triangle": "三角",
    "shape.square": "四角",
    "shape.diamond": "ひし形",
    "shape.star": "星",
    "shape.hexagon": "六角形",
    "shape.cross": "十字",
    "shape.heart": "ハート",
    "shape.ring": "リング",
    # starting
    "welcome": "SameGame、{title}のルールです。",
    "board.intro": "盤面{number}、{width}列{height}行、{colours}色、{board_type}型です。",
    "board.intro.file": "ファイルの盤面、{width}列{height}行、{colours}色です。",
    "resumed": "中断したゲームを再開します。{count}手済み、スコア{score}。",
    "start.hint": "A1 のようにマスを入力するとグループを選びます。コマンドの一覧は help です。",
    # selecting and moving
    "selected": "{span}の{tiles}を選びました。消すと{points}です。",
    "selected.confirm": "消すには同じマスか remove、やめるには cancel と入力します。",
    "cancelled": "選択を取り消しました。",
    "cancel.nothing": "何も選ばれていません。",
    "removed": "{span}の{tiles}を消しました。{points}、スコア{score}。",
    "fell.summary": "{columns}列で{tiles}が落ちました。",
    "tile.count": "{count}個",
    "fell.tile": "{tile}が{origin}から{target}に落ちました。",
    "emptied": "{columns}列が空になりました。",
    "moved.summary": "{columns}列が左に移動しました。",
    "moved.column": "{origin}列が{target}列に移動しました。",
    "groups.status": "残り{count}グループ、最大は{cell}の{largest}。",
    "groups.none": "グループは残っていません。",
    "undone": "{cell}の手を戻しました。{count}個が戻り、スコア{score}。",
    "redone": "{number}手目をやり直します。",
    "restarted": "最初の盤面に戻りました。",
    "confirm.restart": "このゲームの{count}手を捨てて最初からやり直しますか。y か n を入力してください。",
    "confirm.kept": "何も変えていません。",
    "new.kept": "中断したゲームは保存してあります。{command} で再開できます。",
    "result.kept": "{score}点の結果は記録に残ります。",
    "result.repeated": "記録済みの{score}点の結果と同じ手順です。記録は1つのままです。",
    "selection.cleared": "選択を解除しました。",
    "game.forked": "ゲーム{other}は別の samegame で変更されたので、あなたの手はゲーム{game}として続きます。もう一方の手はゲーム{other}に残ります (samegame play --game {other})。",
    "rejected.outside": "{cell}は盤面の外です。何も消していません。",
    "rejected.empty": "{cell}は空です。何も消していません。",
    "rejected.single": "{cell}は1個だけです。何も消していません。",
    "rejected.small": "{cell}のグループは{count}個だけです。何も消していません。",
    "rejected.no-selection": "何も選ばれていません。先にマスを入力してください。",
    "rejected.game-over": "ゲームは終わりました。undo、restart、new のどれかを入力してください。",
    "rejected.nothing-to-undo": "戻せる手がありません。",
    "rejected.nothing-to-redo": "やり直せる手がありません。",
    "rejected.undo-disabled": "このルールでは undo と redo は使えません。",
    "practice.undo": "undo を使ったので、このゲームは練習扱いになります。",
    "practice.hint": "ヒントを使ったので、このゲームは練習扱いになります。",
    "practice.restart": "最初からやり直したので、このゲームは練習扱いになります。",
    "practice.replay": "前に遊んだ盤面なので、このゲームは練習扱いです。",
    # the end
    "over.cleared": "盤面をすべて消しました。ボーナス{bonus}点、最終スコア{score}。",
    "over.stuck": "もう消せません。残り{count}個、ペナルティ{penalty}点、最終スコア{score}。",
    "over.moves": "{count}手、グループの得点は{points}。",
    "over.next": "new で次の盤面、undo か restart でやり直し、quit で終了です。",
    "best.new": "このルールの最高スコアを更新しました。{score}点です。",
    "best.rank": "このルールで{rank}位です。最高は{best}点です。",
    "best.practice": "練習なので、最高スコアは変わりません。",
    # challenge
    "challenge.start": "チャレンジ、全{stages}ステージです。最終スコアは各ステージのスコアの合計です。",
    "challenge.stage": "ステージ{stage}、{name}。",
    "challenge.stage.plain": "ステージ{stage}。",
    "challenge.resumed": "チャレンジをステージ{stage}から再開します。",
    "challenge.stage_done": "ステージ{stage}はスコア{score}で確定です。next でステージ{next}を始めます。",
    "challenge.done": "チャレンジ完了。最終スコア{total}。",
    "challenge.best": "チャレンジの最高スコアを更新しました。",
    "challenge.no_new": "チャレンジはステージ順に進みます。ステージが終わったら next と入力してください。",
    "next.no_challenge": "next はチャレンジ用です。別の盤面は new と入力してください。",
    "next.not_finished": "このステージはまだ終わっていません。",
    "next.last_stage": "これが最後のステージでした。",
    # queries
    "board.heading": "盤面、{width}列{height}行。上の行から順に読みます。",
    "row": "{number}行目: {cells}",
    "legend": "凡例: {entries}。",
    "legend.empty": "タイルなし",
    "column": "{column}列、下から{count}個: {cells}",
    "column.empty": "{column}列は空です。",
    "query.bad_row": "{number}行目はありません。行は1から{height}までです。",
    "query.bad_column": "その列はありません。列はAから{last}までです。",
    "cell.empty": "{cell}は空です。",
    "cell.single": "{cell}は{tile}、1個だけです。",
    "cell.group": "{cell}は{tile}、グループは{group}。",
    "groups.heading": "{count}グループ、大きい順です。",
    "groups.item": "{cell}の{tiles}、{points}。",
    "colours": "残りのタイルは{entries}。",
    "colours.none": "タイルは残っていません。",
    "summary": "{count}手でスコア{score}、残りのタイルは{tiles}。",
    "summary.lonely": "残り1個だけなのは{colours}です。",
    "summary.practice": "このゲームは練習扱いです。",
    "score": "{count}手でスコア{score}。",
    "score.practice": "{count}手でスコア{score}、練習扱いです。",
    "score.final": "{count}手で最終スコア{score}。内訳はグループ{points}点、ボーナス{bonus}点、ペナルティ{penalty}点です。",
    "score.final.practice": "{count}手で最終スコア{score}、練習扱いです。内訳はグループ{points}点、ボーナス{bonus}点、ペナルティ{penalty}点です。",
    "summary.assistance": "使った助けは{used}です。",
    "summary.end.cleared": "盤面をすべて消しました。",
    "summary.end.stuck": "取り除けるグループがなくなり、タイルが{count}個残りました。",
    "assistance.hint": "ヒント",
    "assistance.undo": "取り消し (undo)",
    "assistance.explain": "解説",
    "last.nothing": "まだ何も読み上げていません。",
    "coords": (
        "列は英字で、左端がA、右端が{last}です。行は数字で、下端が1、上端が{height}です。"
        "A1は左下のマスです。マスは{spellings}のように書けます。"
    ),
    "rules.title": "{title}のルールです。",
    "describe.formula.basic": "n個のグループは、nから2を引いて2乗した点",
    "describe.formula.pairs": "n個のグループは、nから1を引いて2乗した点",
    "describe.formula.sum": "n個のグループは、nとn足す1を掛けて2で割った点",
    "describe.penalty.leftover-squared": "残りのタイル数から2を引いて2乗した点を引きます。スコアは0より下がりません",
    "describe.penalty.leftover-formula": "残りのタイル数に得点方式を当てはめた点を引きます",
    "rules.formula": "得点方式は{name}、{description}。",
    "rules.bonus": "盤面をすべて消すと、さらに{bonus}点です。",
    "rules.no_bonus": "盤面をすべて消しても、ボーナスはありません。",
    "rules.min_group": "{count}個以上のグループを消せます。",
    "rules.penalty": "ペナルティは{name}、{description}。",
    "rules.undo.allowed": "undo と redo は自由に使えます。",
    "rules.undo.practice": "undo と redo は使えますが、練習扱いになります。",
    "rules.undo.disabled": "undo は使えません。",
    "rules.hint.practice": "ヒントを使うと練習扱いになります。",
    "rules.hint.free": "ヒントは自由に使えます。",
    "rules.replay.practice": "同じ盤面をやり直したり、もう一度遊んだりすると練習扱いになります。",
    "rules.selection.confirm": "マスを入力するとグループを選び、同じマスをもう一度か remove で取り除きます。",
    "rules.selection.one-click": "マスを入力するとそのグループをすぐに取り除きます。",
    "hint": "ヒント、{cell}の{tiles}、{points}。",
    "hint.none": "おすすめできるグループがありません。",
    "hint.reason.clears": "盤面がすべて消えます。",
    "hint.reason.joins": "消すとタイルがつながって{tiles}になります。",
    "hint.reason.last": "残りの{tile}をすべて消すので、取り残しが出ません。",
    "hint.reason.search": "{bot} ボットの探索で、見つかった中で最も良い展開につながる手です。",
    "hint.reason.points": "今いちばん得点が高く、次の良い手も残ります。",
    # settings
    "setting": "{name}: {value}",
    "error.setting_words": "settings NAME VALUE の形で入力してください。例えば settings verbosity terse です。",
    "error.setting_unknown": "{name}という設定はありません。設定は{names}です。",
    "error.setting_value": "{name}に{value}は使えません。{choices}から選んでください。",
    # parsing
    "error.unknown": "「{text}」はコマンドでもマスでもありません。一覧は help です。",
    "error.cell_argument": "「{text}」はマスではありません。cell C5 のように入力してください。",
    "error.row_argument": "「{text}」は行番号ではありません。row 5 のように半角数字 0-9 で入力してください。",
    "error.column_argument": "「{text}」は列ではありません。column C や column 3 のように半角数字 0-9 で入力してください。",
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
    "help.row": "{word} ({short}) N: 1行だけ読みます。例えば row 5 です。",
    "help.column": "{word} ({short}) C: 1列を下から読みます。例えば column C です。",
    "help.cell": "{word} ({short}) C5: そのマスに何があるかを読みます。",
    "help.groups": "{word} ({short}): すべてのグループを大きい順に読みます。",
    "help.summary": "{word} ({short}): スコア、手数、残りのタイルとグループです。",
    "help.colours": "{word} ({short}): 色ごとの残りのタイルです。",
    "help.score": "{word} ({short}): スコアです。",
    "help.last": "{word} ({short}): 最後の読み上げを繰り返します。",
    "help.coords": "{word} ({short}): マスの呼び方です。",
    "help.rules": "{word} ({short}): このゲームのルールです。",
    "help.settings": (
        "{word} ({short}) [NAME VALUE]: verbosity、language、accessible、colour、symbols、"
        "one-click、bell を表示または変更します。"
    ),
    "help.verbosity": (
        "{word} ({short}) terse、normal、verbose のどれか: 1手ごとに読み上げる量です。"
    ),
    # samegame accessibility
    "a11y.title": "samegame のアクセシビリティ。すべて、入力するコマンドと普通の行で操作できます。",
    "a11y.switches": "samegame play のオプションです。",
    "a11y.switch.accessible": (
        "--accessible: スクリーンリーダーと点字ディスプレイ向けに、行を書き足すだけの表示にします。"
        "カーソル移動、色、再描画はありません。--no-accessible でオフにします。"
    ),
    "a11y.switch.verbosity": "--verbosity terse、normal、verbose のどれか: terse では1手に1行だけです。",
    "a11y.switch.lang": "--lang en か ja: すべてのメッセージの言語です。",
    "a11y.switch.color": (
        "--color auto、always、never のどれか: 端末の16色で色を付けます。"
        "auto では、出力が端末でなければ色を付けません。"
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
    # samegame tutorial
    "tutorial.welcome": (
        "samegame のチュートリアルへようこそ。質問には入力で答えてください。"
        "skip で次へ、board で盤面を読み上げ、quit で終了します。4列4行の小さな盤面です。"
    ),
    "tutorial.q.corner": (
        "マスは列の英字と行の数字で呼び、行は下から数えます。左下のタイルはどのマスですか。"
    ),
    "tutorial.explain.corner": "A列が左端、1行目が下端なので、左下のタイルはA1です。",
    "tutorial.q.group": (
        "グループとは、辺で接している同じ色のタイルの集まりです。角で接しているだけでは数えません。"
        "A1の赤の丸のグループは何個ですか。"
    ),
    "tutorial.explain.group": "A1、A2、A3は縦に並んだ赤の丸なので、グループは3個です。",
    "tutorial.move.first": (
        "そのグループを消しましょう。A1 と入力して選び、もう一度 A1 か remove で確定します。"
    ),
    "tutorial.q.fall": (
        "1手は2段階で進みます。まず、消えたグループの上のタイルが同じ列の中で落ちます。"
        "A4にあった青の三角が落ちました。今どのマスにありますか。"
    ),
    "tutorial.explain.fall": "A列ではその下に何も残っていないので、A1まで落ちました。",
    "tutorial.q.points": (
        "このルールでは、n個のグループの得点は、nから2を引いて2乗した数です。"
        "B1の青のグループは4個です。何点になりますか。"
    ),
    "tutorial.explain.points": (
        "4から2を引くと2、2の2乗は4なので、4点です。大きいグループほど得点がずっと高くなります。"
    ),
    "tutorial.move.blue": "青のグループを消しましょう。B1 と入力し、もう一度 B1 と入力します。",
    "tutorial.q.left": (
        "2段階目では、空になった列が詰まり、その右の列がすべて1つ左に移動します。"
        "A列が空になりました。緑の四角は今どの列にありますか。"
    ),
    "tutorial.explain.left": (
        "A列が空になったので、B列が左に移動してA列になりました。緑の四角はA列にあります。"
    ),
    "tutorial.move.yellow": (
        "黄色のひし形が2個、B1とC1にあります。B1 と入力し、もう一度 B1 と入力して消しましょう。"
    ),
    "tutorial.move.last": "残りは1グループ、A1とA2の緑の四角です。消して盤面を空にしましょう。",
    "tutorial.right": "正解です。",
    "tutorial.wrong": "少し違います。",
    "tutorial.confirm": "確定するには、同じマスをもう一度入力するか、remove と入力します。",
    "tutorial.select_first": "先にグループを選んでください。{cell} と入力します。",
    "tutorial.other_group": "それは別のグループです。ここでは{cell}のグループを扱います。",
    "tutorial.not_a_cell": "{cell} のようにマスを入力してください。",
    "tutorial.done": (
        "よくできました。グループ、落ち方、列の詰まり方、得点がわかりました。"
        "samegame play --preset basic でゲームを始めましょう。"
    ),
    "tutorial.bye": "チュートリアルを終了しました。もう一度始めるには samegame tutorial を実行します。",
}
