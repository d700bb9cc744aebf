"""研究用コマンド（simulate、compare、bench、solve、verify、replay）の開始、進み具合、
終わりの行、まとめと、途中で止まったときの行。英語版と同じキーとプレースホルダー。
ボット、プリセット、盤面の種類、ファイルの名前と数字はそのまま言います。"""

from __future__ import annotations

from collections.abc import Mapping

MESSAGES: Mapping[str, str] = {
    # 実行する場所
    "research.where.local": "このプロセス内",
    "research.where.process": "ワーカープロセス{count}個",
    "research.where.scheduler": "{address} の Dask スケジューラー",
    "research.where.cluster": "ワーカー{count}個のローカル Dask クラスター",
    # 遊ぶ盤面
    "research.plan": "プリセット {preset}、{boards}、シード{seed}",
    "research.boards.generated": "{width}x{height}、{colours}色の盤面（{board_type}）",
    "research.boards.file": "{path} の盤面{count}個を順に",
    "research.boards.given": "盤面{count}個を順に",
    # 長い作業の最初の行
    "research.bots.and": "{head} と {last}",
    "research.thinking": "、探索1回に{budget}",
    "research.there": "、{where}",
    "research.fixed_work": "決まった量だけ",
    "research.seconds": "{seconds}秒",
    "research.start.simulate": "{bot} で{count}ゲームを行います。{plan}、{where}{thinking}。"
    "Ctrl-C で早めに止めても、それまでの結果は残ります。",
    "research.start.compare": "{bots} を盤面{count}個で比べます。{plan}、{where}{thinking}。"
    "Ctrl-C で早めに止めても、それまでの結果は残ります。",
    "research.start.bench": "標準局面{count}個を解きます。ボット {bot}{thinking}{there}。"
    "Ctrl-C で早めに止めても、解いた局面は残ります。",
    "research.start.solve": "{bot} で盤面を{budget}探索します。"
    "Ctrl-C で早めに止めても、それまでに見つけた最善の手順は残ります。",
    "research.start.solve.many": "{bot} で盤面を{budget}探索します"
    "（独立した探索を{count}回行い、最善のものを残します）。"
    "Ctrl-C で早めに止めても、それまでに見つけた最善の手順は残ります。",
    "research.start.solve.many.there": "{bot} で盤面を{budget}探索します"
    "（{where}で独立した探索を{count}回行い、最善のものを残します）。"
    "Ctrl-C で早めに止めても、それまでに見つけた最善の手順は残ります。",
    # 進み具合
    "research.progress.games": "{total}ゲーム中{done}ゲームを終えました（{percent}パーセント）。",
    "research.progress.boards": "盤面{total}個中{done}個を終えました（{percent}パーセント）。",
    "research.progress.games.live": "{total}ゲーム中{done}ゲーム、{percent}パーセント",
    "research.progress.boards.live": "盤面{total}個中{done}個、{percent}パーセント",
    "research.progress.positions": "局面{total}個中{done}個を終えました。",
    "research.progress.position": "局面{position}、{total}のうち{done}を探索しました。",
    "research.progress.searched": "{total}のうち{done}を探索しました。",
    # simulate
    "research.simulate.done": "{count}ゲームを終えました。{bot}、{plan}。",
    "research.simulate.stopped": "{count}ゲーム中{done}ゲームで止めました。{bot}、{plan}。",
    "research.speed": "速さは毎秒{speed}ゲームです（{seconds}秒、{where}）。",
    "research.summary.none": "終わったゲームがないので、伝えるスコアはありません。",
    "research.summary.scores": "スコアは平均{mean}、中央値{median}{spread}、"
    "最低{low}、最高{high}です。",
    "research.summary.spread": "、標準偏差{stdev}",
    "research.summary.cleared": "盤面{count}個中{cleared}個をすべて消しました"
    "（{percent}パーセント）。",
    "research.summary.average": "1ゲームあたり平均でタイルが{tiles}個残り、{moves}手を指しました。",
    # compare
    "research.compare.done": "ボット{bots}個を盤面{count}個で比べました。{plan}。",
    "research.compare.stopped": "盤面{count}個中{done}個で、ボット{bots}個の比較を止めました。"
    "{plan}。",
    "research.compare.none": "すべてのボットが遊んだ盤面がないので、比べるものはありません。",
    "research.compare.bot": "{bot} は平均スコア{mean}{interval}、"
    "盤面{count}個中{cleared}個をすべて消しました（{percent}パーセント）。",
    "research.compare.paired": "{first} との差は盤面1個あたり{difference}点です{interval}。",
    "research.interval": "（95パーセント区間は{low}から{high}）",
    "research.interval.none": "（盤面1個では区間は出ません）",
    # compare のゲート
    "research.gate.line": "ゲート、{sentence}",
    "research.gate.passed": "{reason}。合格です。",
    "research.gate.failed": "{reason}。不合格です。",
    "research.gate.same": "{bot} の得点は盤面1個あたり {other} と同じでした",
    "research.gate.more": "{bot} の得点は盤面1個あたり {other} より{points}点多くなりました",
    "research.gate.less": "{bot} の得点は盤面1個あたり {other} より{points}点少なくなりました",
    "research.gate.one_board": "{head}（盤面1個では区間は出ません）。"
    "このゲートには盤面2個以上が必要です",
    "research.gate.within": "{head}（95パーセント区間は{low}から{high}）",
    "research.gate.sure": "{within}。95パーセントの信頼度で0を上回ります",
    "research.gate.wants_more": "{within}。ゲートはそれより多い得点を求めています",
    "research.gate.unsure": "{within}。95パーセントの信頼度で0を上回るとは言えません。"
    "ゲートはそれを求めています（盤面を増やすと区間は狭まります）",
    "research.gate.mean.met": "{bot} の平均スコアは{mean}で、求められた{score}以上です",
    "research.gate.mean.unmet": "{bot} の平均スコアは{mean}です。ゲートは{score}以上を求めています",
    "research.gate.not_met": "ゲート{count}個中{failed}個を満たしていません。{reasons}。",
    "research.gate.reasons": "{head}。{last}",
    # --out で書く記録
    "research.records.none": "記録は書いていません。{path} は元のままです。",
    "research.records.written": "{path} に記録を{count}件、1行に1件ずつ書きました。",
    # 途中で止まったとき（Error: の行）
    "research.count.games": "{count}ゲーム中{done}ゲーム",
    "research.count.boards": "盤面{count}個中{done}個",
    "research.count.records": "記録{count}件",
    "research.count.files": "ファイル{count}個",
    "research.interrupted.after": "{done}で中断しました。それまでの結果は上のとおりです",
    "research.terminated.after": "{done}で終了させられました。それまでの結果は上のとおりです",
    "research.failed.after": "{problem}。{done}で止めました",
    "research.interrupted.positions": "中断しました。それまでに解いた局面は上のとおりです",
    "research.terminated.positions": "終了させられました。それまでに解いた局面は上のとおりです",
    "research.interrupted.best_line": "中断しました。それまでに見つけた最善の手順は上のとおりです",
    "research.terminated.best_line": "終了させられました。"
    "それまでに見つけた最善の手順は上のとおりです",
    "research.interrupted.no_search": "探索が一つも終わらないうちに中断しました",
    "research.terminated.no_search": "探索が一つも終わらないうちに終了させられました",
    "research.solve.lost": "{problem}。探索{count}回のうち{lost}回が失われました。"
    "終わった{finished}回のうち最善のものが上にあります",
    "research.bench.lost": "{problem}。局面{count}個中{done}個で止めました",
    "research.bench.lost.above": "{problem}。局面{count}個中{done}個で止めました。"
    "解いた局面は上に残っています",
    "research.bench.lost.file": "{problem}。局面{count}個中{done}個で止めました。"
    "解いた局面は {path} に残っています",
    "research.bench.lost.both": "{problem}。局面{count}個中{done}個で止めました。"
    "解いた局面は上と {path} に残っています",
    # verify
    "research.verify.done": "{files}の{records}を確かめました。{result}。",
    "research.verify.stopped": "Ctrl-C までに{files}の{records}を確かめました。{result}。",
    "research.verify.correct": "すべて正しいです",
    "research.verify.correct_so_far": "ここまではすべて正しいです",
    "research.verify.bots_not_replayed": (
        "ゲームとしては{result}（ボットは再生していないので、記録の手をそのボットが"
        "選んだかどうかは確かめていません）"
    ),
    "research.verify.mismatches": "記録{count}件に食い違いがあります",
    "research.verify.unchecked": "記録{count}件は確かめていません",
    "research.verify.empty": "{names} には記録がありません",
    "research.verify.separator": "。",
    # solve
    "research.solve.best": "{bot} が見つけた最善の手順: {moves}",
    "research.solve.score": "スコア{score}。{moves}手、{ending}、ボーナス{bonus}点、"
    "ペナルティ{penalty}点。{seconds}（CPU {cpu}）。",
    "research.solve.replay": "再生するには: {command}",
    "research.cleared": "全消し",
    "research.tiles_left": "残り{count}個",
    # bench standard
    "research.bench.position": "局面{position}、{score}点、{moves}手、{ending}、"
    "{seconds}（CPU {cpu}）。公表された得点は {anchors}。",
    "research.bench.anchor": "{name} {score}点",
    "research.bench.total": "合計{total}点、局面{count}個、{bot}、{seconds}（CPU {cpu}）。",
    "research.bench.share": "{anchor}（{total}点）の{percent}パーセント",
    "research.bench.shares.all": "{total}点は、公表された合計で{shares}に当たります。",
    "research.bench.shares.some": "{total}点は、これら局面{count}個での合計で{shares}に当たります。",
    # replay
    "research.replay.move": "{number}手目、{move} で{tiles}を消しました。{points}、スコア{score}。",
    "research.replay.cleared": "盤面をすべて消しました。ボーナス{bonus}点。"
    "{moves}手で最終スコア{score}。",
    "research.replay.over": "もう消せません。残り{remaining}個、ペナルティ{penalty}点。"
    "{moves}手で最終スコア{score}。",
    "research.replay.going": "ゲームは続いています。{moves}手でスコア{score}、残り{remaining}個。",
}
