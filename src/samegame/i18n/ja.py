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
    # names: preset titles and descriptions, board types, formulas, penalties (A30)
    "preset.title.basic": "基本",
    "preset.title.benchmark": "ベンチマーク",
    "preset.title.challenge": "チャレンジ",
    "preset.title.classic": "クラシック",
    "preset.title.custom": "カスタム",
    "preset.title.jsgames": "js-games 版 SameGame",
    "preset.title.ksame": "KDE の KSame",
    "preset.title.lesson": "レッスン",
    "preset.title.no-bonus": "ボーナスなし",
    "preset.title.pairs": "ペア",
    "preset.title.relaxed": "ゆったり",
    "preset.title.sum": "合計",
    "preset.title.swellfoop": "GNOME の Swell Foop",
    "preset.title.tatham": "Simon Tatham の Same Game",
    "board_type.random": "ランダム",
    "board_type.random-with-move": "最初に必ず手があるランダム",
    "board_type.each-colour-twice": "どの色も2個以上",
    "board_type.solvable": "全部消せる盤面",
    "formula.basic": "基本",
    "formula.pairs": "ペア",
    "formula.sum": "合計",
    "penalty.none": "なし",
    "penalty.leftover-squared": "残りの2乗",
    "penalty.leftover-formula": "残りに同じ式",
    "selection_mode.confirm": "選んで確定",
    "selection_mode.one-click": "ワンクリック",
    "size.tiny": "極小",
    "size.small": "小",
    "size.medium": "中",
    "size.medium-4": "中、4色",
    "size.large": "大",
    "size.large-4": "大、4色",
    "size.standard": "スタンダード",
    "size.stage": "ステージ",
    "preset.description.basic": (
        "n個のグループは、nから2を引いて2乗した点です。盤面をすべて消すと1000点の追加です。"
    ),
    "preset.description.benchmark": (
        "研究用のルールです。15列15行、5色、n個のグループはnから2を引いて2乗した点、すべて消すと1000点の追加です。"
    ),
    "preset.description.challenge": (
        "18列18行のステージが2つ、ゆったりの得点で、1つ目は3色、2つ目は5色です。最終スコアは確定したステージのスコアの合計です。"
    ),
    "preset.description.classic": (
        "昔ながらのゲームです。n個のグループはnから1を引いて2乗した点、すべて消すと1000点の追加です。最初の盤面には必ず手があります。"
    ),
    "preset.description.custom": (
        "得点方式と、すべて消したときの1000点の有無を選べます。最初は基本と同じです。"
    ),
    "preset.description.jsgames": (
        "js-games 版 SameGame のルールです。15列15行、5色、n個のグループはnから2を引いて2乗した点、すべて消すと1000点の追加、残りのタイルには同じ式の点を引きます。"
    ),
    "preset.description.ksame": (
        "KDE の KSame のルールです。15列10行、3色、n個のグループはnから2を引いて2乗した点、すべて消すと1000点の追加です。"
    ),
    "preset.description.lesson": (
        "練習用の小さな盤面です。どの色も2個以上あり、undo、redo、ヒントは自由に使えます。"
    ),
    "preset.description.no-bonus": (
        "n個のグループは、nから2を引いて2乗した点です。すべて消しても追加の点はありません。"
    ),
    "preset.description.pairs": (
        "n個のグループは、nから1を引いて2乗した点なので、2個でも点になります。すべて消すと1000点の追加です。"
    ),
    "preset.description.relaxed": (
        "n個のグループは、nから2を引いて2乗した点、すべて消すと1000点の追加です。残りのタイルは、その数から2を引いて2乗した点を引きます。0点より下がりません。"
    ),
    "preset.description.sum": (
        "n個のグループは、nとn足す1を掛けて2で割った点です。すべて消すと1000点の追加です。"
    ),
    "preset.description.swellfoop": (
        "GNOME の Swell Foop のルールです。n個のグループはnから2を引いて2乗した点、すべて消すと1000点の追加です。"
    ),
    "preset.description.tatham": (
        "Simon Tatham のパズル集の Same Game のルールとプリセットです。n個のグループはnから2を引いて2乗した点、ボーナスはありません。"
    ),
    "presets.line": "{name}: {title}。{description}",
    # starting
    "welcome": "SameGame、{title}のルールです。",
    "board.intro": "盤面{number}、{width}列{height}行、{colours}色、種類は{board_type}です。",
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
    "board.show.heading": "盤面{number}、{board_type}、{width}列{height}行、{colours}色です。",
    "board.show.solution": "全部消す手順、{count}手: {moves}",
    "row": "{number}行目、{count}個: {cells}",
    "row.empty": "{number}行目は空です。",
    "cells.empty": "空き{count}マス",
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
    "groups.filtered": "{filters}のグループは{count}個、大きい順です。",
    "groups.filtered.none": "{filters}のグループはありません。",
    "groups.filter.colour": "{tiles}",
    "groups.filter.size": "{size}個以上",
    "groups.filter.column": "{column}列沿い",
    "more.left": "残り{count}行。続きは more と入力します。",
    "more.nothing": "続きはありません。全部読み上げました。",
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
    "reason.undo": "取り消し",
    "reason.hint": "ヒント",
    "reason.restart": "やり直し",
    "reason.replay": "前に遊んだ盤面",
    "last.nothing": "まだ何も読み上げていません。",
    "coords": (
        "列は英字で、左端がA、右端が{last}です。行は数字で、下端が1、上端が{height}です。"
        "A1は左下のマスです。マスは{spellings}のように書けます。"
    ),
    "rules.title": "{title}のルールです。",
    # presets show: a preset in sentences
    "describe.preset.head": "{title}(プリセット {name})。{description}",
    "describe.preset.formula": "得点方式「{name}」: {description}。",
    "describe.preset.formula_choice": "別の得点方式を選べます。",
    "describe.preset.bonus": "盤面を全部消すと{bonus}点のボーナスがあります。",
    "describe.preset.no_bonus": "盤面を全部消してもボーナスはありません。",
    "describe.preset.any_bonus": "0以上のどんな全消しボーナスも選べます。",
    "describe.preset.bonus_choices": "全消しボーナスは{choices}から選べます。",
    "describe.preset.penalty": "終了時のペナルティ「{name}」: {description}。",
    "describe.preset.min_group": "{count}個以上つながったタイルを消せます。",
    "describe.preset.undo.allowed": "取り消しとやり直しができます。",
    "describe.preset.undo.practice": "取り消しはできますが、その対局は練習になります。",
    "describe.preset.undo.disabled": "取り消しはできません。",
    "describe.preset.hint.practice": "ヒントを使うと、その対局は練習になります。",
    "describe.preset.hint.allowed": "ヒントを使っても練習にはなりません。",
    "describe.preset.replay.practice": "同じ盤面をもう一度遊ぶ(やり直しや再挑戦)と練習になります。",
    "describe.preset.replay.allowed": "同じ盤面をもう一度遊んで(やり直しや再挑戦)記録を残せます。",
    "describe.preset.selection.confirm": "グループを選んでから確定します",
    "describe.preset.selection.one-click": "1回のクリックでグループが消えます",
    "describe.preset.selection": "選択方式「{mode}」({words})。",
    "describe.preset.selection_default": "選択方式「{mode}」({words})が標準です。「{others}」も選べます。",
    "describe.preset.board_type": "盤面の種類「{name}」。",
    "describe.preset.board_type.about": "盤面の種類「{name}」: {about}。",
    "describe.preset.board_type.default": "盤面の種類「{name}」(標準)。",
    "describe.preset.board_type.default.about": "盤面の種類「{name}」(標準): {about}。",
    "describe.preset.size": "サイズ「{name}」: {width}列{height}行、{colours}色。",
    "describe.preset.size.default": "サイズ「{name}」(標準): {width}列{height}行、{colours}色。",
    "describe.preset.other_size": "サイズは --size と名前({names})で選べます。ほかのサイズは「列x行」で指定できます(例: {width}x{height})。",
    "describe.preset.colours": "色の数は{choices}から選べます。",
    "describe.preset.stage": "ステージ{stage}、{name}: {width}列{height}行、{colours}色、盤面の種類「{board_type}」。",
    "describe.preset.stage.plain": "ステージ{stage}: {width}列{height}行、{colours}色、盤面の種類「{board_type}」。",
    "describe.preset.palette": "盤面のタイルは{tiles}で示します。",
    "describe.preset.path": "読み込み元: {path}。",
    "describe.board_type.random": "色は一様にランダム",
    "describe.board_type.random-with-move": "一様にランダムで、必ず1手以上打てる",
    "describe.board_type.each-colour-twice": "一様にランダムで、どの色も2個以上",
    "describe.board_type.solvable": "必ず全部消せる盤面で、消し方の証明付き(空の盤面から逆向きに作る)",
    "describe.formula.basic": "n個のグループは、nから2を引いて2乗した点",
    "describe.formula.pairs": "n個のグループは、nから1を引いて2乗した点",
    "describe.formula.sum": "n個のグループは、nとn足す1を掛けて2で割った点",
    "describe.penalty.none": "残ったタイルがあっても点は引きません",
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
    "hint.thinking": "{bot} にヒントを聞いています。考える時間は{seconds}です。Ctrl-C で止めると、それまでの最良の手を示します。",
    "hint.progress": "考えています。{total}のうち{done}が過ぎました。",
    "hint.thinking.work": "{bot} にヒントを聞いています。決まった量だけ考えます。Ctrl-C で止めると、それまでの最良の手を示します。",
    "seconds": "{number}秒",
    "hint.reason.points": "今いちばん得点が高く、次の良い手も残ります。",
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
    "error.row_argument": "「{text}」は行番号ではありません。row 5 のように半角数字 0-9 で入力してください。",
    "error.column_argument": "「{text}」は列ではありません。column C や column 3 のように半角数字 0-9 で入力してください。",
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
    "help.row": "{word} ({short}) N: 1行だけ読みます。例えば row 5 です。",
    "help.column": "{word} ({short}) C: 1列を下から読みます。例えば column C です。",
    "help.cell": "{word} ({short}) C5: そのマスに何があるかを読みます。",
    "help.groups": (
        "{word} ({short}) [色、大きさ、列]: すべてのグループを大きい順に読みます。"
        "groups 赤(または groups red)、groups 三角、groups 5、groups C のように絞り込めます。"
    ),
    "help.more": "{word} ({short}): 長い答えの続きを読みます。",
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
    # samegame scores and history
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
    # samegame tutorial
    "tutorial.welcome": (
        "samegame のチュートリアルへようこそ。短いレッスンが5つあり、そのあと自分で3手指してみます。"
        "マスは列の文字と行の番号で呼びます。列は左から、行は下から数えるので、A1は左下のタイルです。"
        "質問には入力して答えます。skip で先へ進み、board で盤面をもう一度示し、quit で終了します。"
        "何も保存しません。"
    ),
    "tutorial.sides.idea": (
        "全5回のレッスンの1回目: 辺をたどる。グループとは、同じ形のタイルが上下左右の辺で接しているものです。"
        "辺をたどってタイルからタイルへ進みます。グループは枝分かれすることもあります。5列4行の盤面です。"
    ),
    "tutorial.sides.question": "B2の赤の丸のグループには、タイルが何個ありますか。",
    "tutorial.sides.explain": (
        "B2から辺をたどると、下にB1、上にB3とB4、左にA2、そしてB3から右にC3があります。合わせて6個です。"
        "D2の赤の丸はC3と角で接しているだけなので、グループに入りません。"
        "E1とE4の赤の丸は、同じ形でも離れた場所にあるので、これも数えません。"
    ),
    "tutorial.zero.idea": (
        "全5回のレッスンの2回目: 0点でも1手になる。このルールでは、n個のグループは、nから2を引いて2乗した点です。"
        "盤面をすべて消してもボーナスはなく、ペナルティもありません。3列2行の盤面です。"
    ),
    "tutorial.zero.question": "A1とB1の青の三角のペアを消すと、何点ですか。",
    "tutorial.zero.explain": (
        "2から2を引くと0、0の2乗は0なので、ペアは0点です。それでも1手であり、ほかのタイルを集めることができます。"
    ),
    "tutorial.zero.move": "それでも消してみましょう。A1 と入力して選び、もう一度 A1 か remove と入力して消します。",
    "tutorial.zero.after": (
        "点は入りませんでしたが、上にあった赤の丸が落ちて、C1の赤の丸の隣に並びました。これで3個が1つのグループです。"
    ),
    "tutorial.down.idea": (
        "全5回のレッスンの3回目: まっすぐ下へ、それから左へ詰める。"
        "グループを消すと、その上のタイルは同じ列の中をまっすぐ下へ落ち、横へは動きません。"
        "次に、空になった列が詰められ、その右の列がすべて1つ左へ動きます。4列3行の盤面です。"
    ),
    "tutorial.down.move": "A1の黄色のひし形5個を消しましょう。A1 と入力し、もう一度 A1 と入力します。",
    "tutorial.down.question": "C2にあった赤の丸は、今どのマスにありますか。",
    "tutorial.down.explain": (
        "まずC列の中をまっすぐ下へ、C2から、黄色のひし形があったC1へ落ちました。"
        "次に、空になったB列が詰められ、C列が1つ左へ動いてB列になりました。だから赤の丸はB1にあります。"
    ),
    "tutorial.chance.idea": (
        "全5回のレッスンの4回目: 新しいチャンスを数える。1手で小さなグループがつながり、大きなグループになることがあります。"
        "大きなグループほど点がずっと高くなります。この4列4行の盤面では、赤の丸は2個と3個のグループに分かれています。"
    ),
    "tutorial.chance.move": "B1の黄色のひし形のペアを0点で消しましょう。B1 と入力し、もう一度 B1 と入力します。",
    "tutorial.chance.question": (
        "ペアの上の赤の丸が落ちました。A1の赤のグループは、今消すと何点になりますか。"
        "まず個数を数えましょう。cell A1 か groups で分かります。"
    ),
    "tutorial.chance.explain": (
        "A1、A2、B1、B2、C1、C2、D1の赤の丸が、今は辺で接しています。7個のグループです。"
        "7から2を引くと5、5の2乗は25なので、25点です。小さな赤のグループを1つずつ消していたら、合わせて1点でした。"
    ),
    "tutorial.choice.idea": (
        "全5回のレッスンの5回目: 選んだ手が次の選択を変える。"
        "どのグループを先に消すかで、次に作れるグループが決まります。3列3行の盤面です。"
    ),
    "tutorial.choice.question": (
        "B列の赤の丸か、青の三角の列のどれかを消せます。この盤面で一番多く点を取るには、"
        "どのグループを先に消しますか。そのグループのマスを入力してください。"
    ),
    "tutorial.choice.explain": (
        "赤の丸を先に消します。0点ですが、B列が空になってC列がA列の隣に詰められ、青の三角6個が1つのグループになります。"
        "6から2を引いて2乗すると16点です。青の三角を先に消すと、3個のグループが2つ離れたまま残り、"
        "1点ずつ、合わせて2点です。"
    ),
    "tutorial.choice.move": "指してみましょう。B1の赤の丸を消します。B1 と入力し、もう一度 B1 と入力します。",
    "tutorial.choice.move.blue": "次に、A1の青の三角6個を消しましょう。",
    "tutorial.choice.after": "16点です。盤面をすべて消してもボーナスはありません。レッスンのルールでは、グループだけが点になります。",
    "tutorial.practice.intro": (
        "では、自分で{moves}手指してみましょう。レッスンの盤面{number}番({full_width}列{full_height}行)の"
        "左下の角、{width}列{height}行です。盤面全体は samegame play --preset lesson --board-number {number} "
        "で遊べます。スコアは0から始まり、何も保存しません。"
    ),
    "tutorial.practice.commands": (
        "マスを入力するとグループを選び、同じマスをもう一度入力すると消します。explain は指せる手を1つ示し、"
        "undo か z は1手戻し、reset は確認してから盤面を最初に戻し、board は盤面を示し、"
        "skip は練習を終え、quit はチュートリアルを終了します。"
    ),
    "tutorial.practice.explain": (
        "指せる手の1つ: {group}。タイルが辺で接しているので消せます。選べる手の1つで、一番よい手とは限りません。"
    ),
    "tutorial.practice.reset.ask": (
        "練習の盤面を最初に戻しますか。{count}手が消えますが、undo で戻せます。yes か no で答えてください。"
    ),
    "tutorial.practice.reset.nothing": "練習の盤面は最初のままです。戻すものはありません。",
    "tutorial.practice.reset.done": "undo と入力すると、指した手が戻ります。",
    "tutorial.practice.reset.undone": "最初に戻したのを取り消しました。{count}手が戻り、スコア{score}。",
    "tutorial.practice.done": "練習は{count}手で終わりです。スコア{score}。",
    "tutorial.practice.unknown": "'{text}' は練習で使えるマスでもコマンドでもありません。help で一覧を示します。",
    "tutorial.practice.not_here": (
        "そのコマンドは samegame play で使います。練習では、マス、explain、undo、reset、board、skip、quit を入力します。"
    ),
    "tutorial.right": "正解です。",
    "tutorial.wrong": "少し違います。",
    "tutorial.confirm": "確定するには、同じマスをもう一度入力するか、remove と入力します。",
    "tutorial.select_first": "先にグループを選んでください。{cell} と入力します。",
    "tutorial.other_group": "それは別のグループです。ここでは{cell}のグループを扱います。",
    "tutorial.not_a_cell": "{cell} のようにマスを入力してください。",
    "tutorial.done": (
        "よくできました。グループの辺をたどること、ペアは0点でも1手になること、タイルはまっすぐ下へ落ちて列は左へ詰まること、"
        "そして1手ごとに次の選択が変わることが分かりました。samegame play --preset lesson でゲームを始めましょう。"
    ),
    "tutorial.bye": "チュートリアルを終了しました。もう一度始めるには samegame tutorial を実行します。",
}
