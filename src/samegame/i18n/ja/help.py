"""ヘルプのページ（``samegame ... --help``）の日本語: ページ自身の言葉（``help_page.*``、
英語版と同じキーとプレースホルダー）と、コマンドの説明（段落ごと）、オプションと引数の説明の
翻訳。翻訳のキーはコマンドの木の場所（``cli.play``、``cli.play.2``、``cli.play.--preset``）で、
英語はコードにある説明そのもの（``samegame.cli.help_language.help_texts``）です。テストが、
木のすべての説明に翻訳があり、どの翻訳も木にある説明のものであることを確かめます。オプションの
名前、選べる値、コマンドの名前など、入力するものはそのまま書きます。記号を含む入力の例
（``{nrpa_level}``）はパラメーターです。"""

from __future__ import annotations

from collections.abc import Mapping

# いくつかのコマンドのオプションに共通の説明
LANG_SAVED = (
    "言語コード。使える言語は samegame accessibility が示します"
    "（既定は保存した設定、なければ en）。"
)
TEXT_OR_JSON = "text または json。"
ACCESSIBLE_SAVED = (
    "スクリーンリーダー向けに、行を書き足すだけの表示にします（既定は保存した設定）。"
)
PRESET = "プリセットの名前、またはプリセットの YAML ファイルのパス。"
EXECUTOR = "local、process、dask のどれか（既定は、ワーカーが1個なら local）。"
SCHEDULER = "Dask スケジューラーのアドレス（--executor dask のとき）。"
SIZE = "プリセットの大きさの名前、または WxH（列数x行数）。"
COLOURS = "色の数（大きさが決める色数より優先します）。"
BOARD_TYPE = "盤面の種類（作り方）。例えば solvable。"
WORKERS = "同時に行うゲームの数（プロセスプールか、ローカルの Dask クラスター）。"
BOT_TIMEOUT = (
    "プラグインのコード（プラグインのボット、得点の計算式、減点、盤面の種類）を呼ぶゲーム1つに"
    "かけてよい秒数。超えると止めて、終了コード3で終わります"
    "（既定はボットの time オプションに5を足した秒数、なければ60）。"
)
BOARD_NUMBER = "盤面番号。同じ番号なら同じ盤面になります。"
SYMBOLS = (
    "目で見る盤面のタイルの描き方。letters、shapes、digits のどれか"
    "（digits では1から9の数字で描き、どの数字がどの色かを凡例で示します）。既定は保存した設定。"
)
BOT_EXAMPLES = "ボットとオプション。例えば {nrpa_level} や {beam_width}。"
OUT = "ゲームの記録を、1行に1件ずつここに書きます。"
BOT_SEED = "ボットの選択のもとになるシード。"
GAMES = "ゲーム（盤面）の数。"
ROOT_SEED = "もとになるシード。盤面とボットのシードはここから決まります。"
BOARDS = "代わりに、これらの盤面を順に遊びます（テキスト形式か数字の形式）。"
FORMULA = "得点の計算式。プリセットが選ばせるときに指定します。"
CLEAR_BONUS = "盤面をすべて消したときの点数。"
BOARD_FILE = "盤面のテキストファイル（「-」なら標準入力）。"

MESSAGES: Mapping[str, str] = {
    # ページ自身の言葉（click と Typer の言葉）
    "help_page.usage": "使い方",
    "help_page.usage.options": "[オプション]",
    "help_page.usage.command": "コマンド [引数]",
    "help_page.options": "オプション",
    "help_page.commands": "コマンド",
    "help_page.arguments": "引数",
    "help_page.help_option": "この説明を表示して終わります。",
    "help_page.default": "既定値: {value}",
    "help_page.required": "必須",
    "help_page.separator": "、",
    "help_page.range": "{low}から{high}",
    "help_page.range.whole": "{low}から{high}の整数",
    "help_page.range.low": "{low}以上",
    "help_page.range.low.whole": "{low}以上の整数",
    "help_page.range.high": "{high}以下",
    "help_page.type.str": "文字列",
    "help_page.type.int": "整数",
    "help_page.type.float": "数",
    "help_page.type.int_range": "整数",
    "help_page.type.path": "パス",
    "help_page.type.list_str": "文字列、くり返し可",
    # samegame
    "cli": "SameGame: タイルを消すパズルを遊び、再生し、研究します。",
    "cli.--version": "バージョンを表示します。",
    "cli.--plugin": "このモジュールを、インストールされていなくても、この実行のプラグインとして読み込みます。",
    "cli.--plugins-dir": "このフォルダーの .py ファイルをすべて、この実行のプラグインとして読み込みます。",
    # samegame accessibility
    "cli.accessibility": "アクセシビリティのスイッチ、環境変数、情報を尋ねるコマンドをすべて示します。",
    "cli.accessibility.--lang": LANG_SAVED,
    "cli.accessibility.--accessible": ACCESSIBLE_SAVED,
    # samegame bench
    "cli.bench": "ベンチマークの局面でボットを測ります。",
    # samegame bench standard
    "cli.bench.standard": (
        "研究用の標準局面20個（15x15、5色、n個のグループはnから2を引いて2乗した点、"
        "すべて消すと1000点）でボットを遊ばせ、公表されたスコアと比べます。1局面に1行です。"
    ),
    "cli.bench.standard.2": (
        "局面 p のボットのシードは（--seed、p）から決まります。記録は samegame verify で"
        "確かめられます。--executor process か dask では、実行環境のワーカーが局面を同時に"
        "遊びます（予算が決まっていれば、ここで遊ぶのと同じゲームになります）。"
    ),
    "cli.bench.standard.--bot": BOT_EXAMPLES,
    "cli.bench.standard.--time-per-position": "1局面あたりの秒数（ボットの time を決めます）。",
    "cli.bench.standard.--positions": "遊ぶ局面。例えば {some_positions} なら1、4と9から12の局面です。指定しなければ20局面すべてです。",
    "cli.bench.standard.--out": OUT,
    "cli.bench.standard.--seed": BOT_SEED,
    "cli.bench.standard.--format": TEXT_OR_JSON,
    "cli.bench.standard.--workers": WORKERS,
    "cli.bench.standard.--executor": EXECUTOR,
    "cli.bench.standard.--scheduler": SCHEDULER,
    "cli.bench.standard.--bot-timeout": BOT_TIMEOUT,
    "cli.bench.standard.--lang": LANG_SAVED,
    # samegame board
    "cli.board": "盤面を見ます。",
    # samegame board groups
    "cli.board.groups": (
        "盤面番号が決める盤面のグループを大きい順に書き出します。グループごとに、選ぶときに"
        "入力するマス、場所、プリセットのルールでの点数を示します。"
    ),
    "cli.board.groups.2": (
        "どのモードでも文で書きます。{accessible_option} はほかのコマンドと同じように"
        "受け付け、保存した言語で話します。"
    ),
    "cli.board.groups.--preset": PRESET,
    "cli.board.groups.--size": SIZE,
    "cli.board.groups.--colours": COLOURS,
    "cli.board.groups.--board-type": BOARD_TYPE,
    "cli.board.groups.--board-number": BOARD_NUMBER,
    "cli.board.groups.--format": (
        "text（ゲーム中の groups の問い合わせと同じく、1グループに1文）または json。"
    ),
    "cli.board.groups.--lang": LANG_SAVED,
    "cli.board.groups.--accessible": ACCESSIBLE_SAVED,
    # samegame board show
    "cli.board.show": "プリセット、大きさ、色数のもとで、盤面番号が決める盤面を書き出します。",
    "cli.board.show.2": (
        "text 形式は保存した言語で話します。アクセシブルモードでは、盤面を描く代わりに、"
        "play の board コマンドと同じように行を読み上げます。"
    ),
    "cli.board.show.--preset": PRESET,
    "cli.board.show.--size": SIZE,
    "cli.board.show.--colours": COLOURS,
    "cli.board.show.--board-type": BOARD_TYPE,
    "cli.board.show.--board-number": BOARD_NUMBER,
    "cli.board.show.--solution": "solvable の盤面では、すべて消す手順も書き出します。",
    "cli.board.show.--format": (
        "text（座標と凡例つき）、board（盤面のテキスト形式）、json、または表示方法の名前。"
        "表示方法は svg、ansi と、プラグインが加えるものです（samegame plugins が示します）。"
    ),
    "cli.board.show.--symbols": SYMBOLS,
    "cli.board.show.--coordinates": "描いた盤面のまわりに列の英字と行の番号を付けます（既定はオン）。",
    "cli.board.show.--lang": LANG_SAVED,
    "cli.board.show.--accessible": ACCESSIBLE_SAVED,
    # samegame compare
    "cli.compare": (
        "複数のボットを同じ盤面で遊ばせ、平均スコアと95パーセント区間、すべて消した割合、"
        "最初のボットとの盤面ごとの差を示します。--require- で始まるオプションで CI の"
        "ゲートになり、満たさないものがあれば終了コード1で終わります。--out は、"
        "simulate --out と同じく、ゲームを確かめられる記録として書きます。"
    ),
    "cli.compare.--bots": "比べるボット。例えば {bots}。",
    "cli.compare.--preset": PRESET,
    "cli.compare.--games": GAMES,
    "cli.compare.--seed": ROOT_SEED,
    "cli.compare.--size": SIZE,
    "cli.compare.--colours": COLOURS,
    "cli.compare.--board-type": BOARD_TYPE,
    "cli.compare.--boards": BOARDS,
    "cli.compare.--workers": WORKERS,
    "cli.compare.--executor": EXECUTOR,
    "cli.compare.--scheduler": SCHEDULER,
    "cli.compare.--format": TEXT_OR_JSON,
    "cli.compare.--require-better": (
        "A,B の形で書きます。ボット A が95パーセントの信頼度でボット B を上回らなければ、"
        "失敗として終了コード1で終わります。"
    ),
    "cli.compare.--require-mean": (
        "{bot_score} の形で書きます。ボットの平均スコアが SCORE 以上でなければ、"
        "失敗として終了コード1で終わります。"
    ),
    "cli.compare.--bot-timeout": BOT_TIMEOUT,
    "cli.compare.--out": "すべてのゲームの記録を、1行に1件ずつここに書きます。",
    "cli.compare.--lang": LANG_SAVED,
    # samegame history
    "cli.history": (
        "終えたゲームを新しい順に示します（または途中のゲーム）。振り返り済みのゲームには"
        "印が付きます。samegame play --game ID で再開か再生、samegame review --game ID で"
        "振り返りができます。"
    ),
    "cli.history.--limit": "示すゲームの数。",
    "cli.history.--unfinished": "代わりに、途中のゲームを示します。",
    "cli.history.--format": TEXT_OR_JSON,
    "cli.history.--lang": LANG_SAVED,
    "cli.history.--accessible": ACCESSIBLE_SAVED,
    # samegame play
    "cli.play": (
        "行で操作するインターフェースで SameGame を遊びます。同じルールの途中のゲームが"
        "あれば再開します。"
    ),
    "cli.play.2": (
        "ゲーム中に help と入力すると、すべてのコマンドが分かります。ゲームは1手ごとに"
        "保存されます。"
    ),
    "cli.play.--preset": PRESET,
    "cli.play.--size": SIZE,
    "cli.play.--colours": COLOURS,
    "cli.play.--board-type": BOARD_TYPE,
    "cli.play.--board-number": BOARD_NUMBER,
    "cli.play.--formula": FORMULA,
    "cli.play.--clear-bonus": CLEAR_BONUS,
    "cli.play.--accessible": (
        "スクリーンリーダー向けに、行を書き足すだけの表示にします（{accessible_variable} でも"
        "同じです）。"
    ),
    "cli.play.--verbosity": "terse、normal、verbose のどれか。",
    "cli.play.--lang": "言語コード。使える言語は samegame accessibility が示します。",
    "cli.play.--color": "auto、always、never のどれか。",
    "cli.play.--one-click": "プリセットが許せば、1回のクリックで消します。",
    "cli.play.--bell": "受け付けられない手と、ゲームの終わりにベルを鳴らします。",
    "cli.play.--game": (
        "この保存したゲームを再開するか、終えたゲームを練習として再生します（history を参照）。"
    ),
    "cli.play.--yes": "すべての質問に yes と答えます。",
    "cli.play.--renderer": (
        "目で見る盤面の描き方。text、ansi、またはプラグインの表示方法（既定はカラーなら ansi、"
        "そうでなければ text。アクセシブルモードでは行を読み上げます）。"
    ),
    "cli.play.--fresh": (
        "この盤面の途中のゲームを再開せず、新しく始めます（手を指してあれば先に確かめます）。"
        "チャレンジでは、新しいチャレンジを始めます。"
    ),
    "cli.play.--symbols": SYMBOLS,
    "cli.play.--hint-bot": "ヒントを出すボット。例えば {nrpa_time} や tabu。",
    # samegame plugin
    "cli.plugin": "プラグインのパッケージを作り始めます。",
    # samegame plugin new
    "cli.plugin.new": (
        "フォルダー samegame-NAME を作ります。中身は、どの種類も1つずつ登録するプラグインの"
        "パッケージ、プリセット、samegame のテストキットを使うテスト、ci.sh です。"
    ),
    "cli.plugin.new.name": (
        "プラグインの名前。例えば my-rules。使えるのは英小文字、数字と「-」です。"
    ),
    "cli.plugin.new.--directory": "フォルダー samegame-NAME を作る場所。",
    # samegame plugins
    "cli.plugins": (
        "プラグイン（組み込みとインストールしたもの）を、バージョンと登録するものとともに示します。"
    ),
    "cli.plugins.--format": TEXT_OR_JSON,
    "cli.plugins.--check": (
        "問題のあるプラグインがあれば、それぞれを Error: の行で示して、終了コード3で終わります。"
    ),
    # samegame presets
    "cli.presets": "ルールの組を一覧にし、説明します。",
    # samegame presets list
    "cli.presets.list": (
        "すべてのプリセットを示します。組み込みのもの、プラグインのもの、設定フォルダーのものです。"
    ),
    "cli.presets.list.--format": TEXT_OR_JSON,
    "cli.presets.list.--lang": LANG_SAVED,
    "cli.presets.list.--accessible": ACCESSIBLE_SAVED,
    # samegame presets schema
    "cli.presets.schema": (
        "プリセットファイルの JSON Schema を書き出します。エディターの YAML 言語サーバー向けです。"
    ),
    # samegame presets show
    "cli.presets.show": (
        "プリセット1つを説明します。得点、大きさ、色、盤面の種類、やり直し、ヒントです。"
    ),
    "cli.presets.show.name": "プリセットの名前、または YAML ファイルのパス。",
    "cli.presets.show.--format": TEXT_OR_JSON,
    "cli.presets.show.--lang": LANG_SAVED,
    "cli.presets.show.--accessible": ACCESSIBLE_SAVED,
    # samegame replay
    "cli.replay": ("盤面（ファイルか盤面番号）で手を指し、1手ごとの結果と最後の結果を伝えます。"),
    "cli.replay.2": "指せない手があると、その手を示す1行のエラーで再生を止めます（終了コード1）。",
    "cli.replay.--moves": '指す手。例えば "C1 D4 A2"。',
    "cli.replay.--preset": PRESET,
    "cli.replay.--board": BOARD_FILE,
    "cli.replay.--board-number": BOARD_NUMBER,
    "cli.replay.--size": SIZE,
    "cli.replay.--colours": COLOURS,
    "cli.replay.--board-type": BOARD_TYPE,
    "cli.replay.--formula": FORMULA,
    "cli.replay.--clear-bonus": CLEAR_BONUS,
    "cli.replay.--format": TEXT_OR_JSON,
    "cli.replay.--lang": LANG_SAVED,
    # samegame review
    "cli.review": (
        "ゲームを振り返ります。探索が見つけた最善の手順と比べて各手で失った点、"
        "評価（最善、良い手、不正確、悪手、大悪手）、より良い手とその理由を示します。"
    ),
    "cli.review.2": (
        "保存したゲームの振り返りはゲームとともに残るので、もう一度尋ねても時間はかかりません。"
        "止めた振り返りは、止めたところから続きます。探索は下からの限界を示すので、"
        "より良い手順が見つかったときだけ、手を最善より悪いと言います。"
    ),
    "cli.review.records": (
        "保存したゲームの代わりに振り返る、ゲームの記録のファイル（1行に1件の JSON）。"
    ),
    "cli.review.--game": "振り返る保存したゲーム（既定は最後に終えたゲーム）。",
    "cli.review.--index": "ファイルのどの記録を振り返るか。1から数えます。",
    "cli.review.--worst": (
        "ファイルのすべての記録を振り返り、全体で最も点を失った手を N 個伝えます。"
    ),
    "cli.review.--practice": (
        "振り返りの後、点を失った手それぞれの前の局面に戻し、あなたのより良い手を評価します"
        "（何も保存しません）。"
    ),
    "cli.review.--all": "点を失った手だけでなく、すべての手を伝えます。",
    "cli.review.--alternatives": (
        "伝える局面それぞれの最善の3手と、それぞれが届く合計を伝えます"
        "（各手の後の局面を評価するので、作業が増えます）。"
    ),
    "cli.review.--graph": (
        "振り返りの代わりに、1手1行の流れを伝えます。各手の評価、点、その後に届く最高の最終スコア。"
    ),
    "cli.review.--line": "振り返りの代わりに、N手目の前に選ばれた手順を1手ずつ伝えます。",
    "cli.review.--export": (
        "振り返りを伝える代わりに、各手に振り返りの注釈をつけたゲームを FILE に書きます。"
        ".jsonl（JSON 行）か .txt（テキスト）です。"
    ),
    "cli.review.--seed": "探索のシード。",
    "cli.review.--iterations": (
        "既知の最善手順から各局面を探索し直すとき、1レベルに行う反復の回数。作業はこの数の3乗で"
        "増えます（既定は28。数とシードが同じなら、振り返りも同じです）。"
    ),
    "cli.review.--quick": (
        "各局面の探索を小さくします（60手のゲームが数秒）。評価はシードによって変わりやすくなります。"
    ),
    "cli.review.--format": TEXT_OR_JSON,
    "cli.review.--workers": (
        "同時に評価する局面の数。ワーカープロセスで行います（振り返りは同じです）。"
    ),
    "cli.review.--executor": EXECUTOR,
    "cli.review.--scheduler": SCHEDULER,
    "cli.review.--lang": LANG_SAVED,
    "cli.review.--accessible": ACCESSIBLE_SAVED,
    # samegame scores
    "cli.scores": (
        "ルールの組ごとの最高スコアと、チャレンジの最高スコア。同じスコアは同じ順位です。"
        "ルールの組ごとに、終えたゲームとすべて消した盤面の数も示します（練習を含みます）。"
    ),
    "cli.scores.--limit": "ルールの組ごとに示すスコアの数。",
    "cli.scores.--format": TEXT_OR_JSON,
    "cli.scores.--lang": LANG_SAVED,
    "cli.scores.--accessible": ACCESSIBLE_SAVED,
    # samegame serve
    "cli.serve": (
        "このマシンで、ゲームをウェブページとして出します。ブラウザーとスクリーンリーダー向けです。"
    ),
    "cli.serve.--host": (
        "ページを出すアドレス（既定は 127.0.0.1 で、このマシンだけ。ほかのアドレスにすると、"
        "ほかのマシンから遊べ、あなたのゲームも読めるようになります）。"
    ),
    "cli.serve.--port": "ポート番号（既定は0で、空いているどれかのポート）。",
    "cli.serve.--open": "既定のブラウザーでページを開きます。",
    "cli.serve.--lang": LANG_SAVED,
    "cli.serve.--accessible": ACCESSIBLE_SAVED,
    # samegame simulate
    "cli.simulate": "ボットを多くの盤面で、同じ結果を再現できるように遊ばせ、スコアをまとめます。",
    "cli.simulate.2": (
        "ゲーム i の盤面番号とボットのシードは（--seed、i）から決まるので、ワーカーの数や"
        "実行環境が違っても記録は同じです（違うのは seconds だけです）。"
    ),
    "cli.simulate.--bot": "ボットとオプション。例えば {lookahead_depth}。",
    "cli.simulate.--preset": PRESET,
    "cli.simulate.--games": GAMES,
    "cli.simulate.--seed": ROOT_SEED,
    "cli.simulate.--size": SIZE,
    "cli.simulate.--colours": COLOURS,
    "cli.simulate.--board-type": BOARD_TYPE,
    "cli.simulate.--boards": BOARDS,
    "cli.simulate.--workers": WORKERS,
    "cli.simulate.--executor": EXECUTOR,
    "cli.simulate.--scheduler": SCHEDULER,
    "cli.simulate.--out": OUT,
    "cli.simulate.--format": TEXT_OR_JSON,
    "cli.simulate.--bot-timeout": BOT_TIMEOUT,
    "cli.simulate.--lang": LANG_SAVED,
    # samegame solve
    "cli.solve": "ボットで盤面を探索し、見つけた最善の手順（手とスコア）を書き出します。",
    "cli.solve.2": (
        "JSON の出力は、その手について samegame replay --format json が書き出すものと"
        'まったく同じです。再生するには samegame replay --board FILE --moves "MOVES" と'
        "します。--searches N では独立した探索を N 回行い（--executor process か dask なら"
        "実行環境のワーカーで）、最善の手順を残します。プラグインのボットは --bot-timeout の"
        "秒数で止め（既定は --time に5を足した秒数、なければ60）、終了コード3で終わります。"
    ),
    "cli.solve.--board": BOARD_FILE,
    "cli.solve.--bot": BOT_EXAMPLES,
    "cli.solve.--preset": PRESET,
    "cli.solve.--time": "探索する秒数（ボットの time を決めます）。",
    "cli.solve.--seed": BOT_SEED,
    "cli.solve.--format": TEXT_OR_JSON,
    "cli.solve.--searches": (
        "独立した探索の回数。最善のものを残します（既定は1回、またはワーカー1個に1回）。"
    ),
    "cli.solve.--workers": WORKERS,
    "cli.solve.--executor": EXECUTOR,
    "cli.solve.--scheduler": SCHEDULER,
    "cli.solve.--bot-timeout": BOT_TIMEOUT,
    "cli.solve.--lang": LANG_SAVED,
    # samegame tutorial
    "cli.tutorial": (
        "小さな局面1つで学ぶ、7段階の対話式のレッスンです。グループ、得点、タイルが落ちることと"
        "列が詰まること、最後に自分で3手を指します（何も保存しません）。"
    ),
    "cli.tutorial.--lang": LANG_SAVED,
    "cli.tutorial.--accessible": ACCESSIBLE_SAVED,
    "cli.tutorial.--symbols": SYMBOLS,
    # samegame verify
    "cli.verify": (
        "すべてのゲームの記録を再生し、食い違いをそれぞれ、FILE:LINE: に続けて問題を書いた"
        "1行で伝えます。"
    ),
    "cli.verify.2": (
        "終了コードは、正しくない記録かここで確かめられない記録、読めない行、記録のない"
        "ファイルがあれば1、読めないファイルがあれば4、Ctrl-C で止めたら130です。"
    ),
    "cli.verify.files": "再生する記録のファイル（1行に1件の JSON）。",
    "cli.verify.--format": TEXT_OR_JSON,
    "cli.verify.--schema": "記録の形式の JSON Schema を書き出して止めます。",
    "cli.verify.--replay-bots": "ボットをそのシードで再生します（時間の予算があるボットではオフ）。",
    "cli.verify.--max-replay-seconds": (
        "記録1件のボットの再生にかけてよい最大の秒数。それを超える記録は確かめません。"
    ),
    "cli.verify.--workers": (
        "同時に再生する記録の数。ワーカープロセスで行います（報告は同じです）。"
    ),
    "cli.verify.--executor": EXECUTOR,
    "cli.verify.--scheduler": SCHEDULER,
    "cli.verify.--lang": LANG_SAVED,
}
