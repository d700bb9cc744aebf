"""Words and names: tiles, colours, shapes, preset titles, board types, formulas, penalties."""

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
    "group": "{place}の{tiles}、{points}",
    "tiles.placed": "{place}の{tiles}",
    "place": "{cell}、{columns}、{rows}",
    "place.columns": "{columns}列",
    "place.rows": "{rows}行目",
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
    "preset.title.tatham-pairs": "Simon Tatham の Same Game、nから1を引いて2乗",
    "board_type.random": "ランダム",
    "board_type.random-with-move": "最初に必ず手があるランダム",
    "board_type.each-colour-twice": "どの色も2個以上",
    "board_type.solvable": "全部消せる盤面",
    "board_type.swellfoop": "Swell Foop の配り方",
    "board_type.tatham-random": "Tatham のランダム",
    "board_type.standard": "標準局面",
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
        "KDE の KSame のルールです。15列10行、3色、1回のクリックでグループを消します。n個のグループはnから2を引いて2乗した点、すべて消すと1000点の追加です。"
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
        "GNOME の Swell Foop のルールです。どの色も2個以上あって手があるまで配り直し、1回のクリックでグループを消します。n個のグループはnから2を引いて2乗した点、すべて消すと1000点の追加です。"
    ),
    "preset.description.tatham-pairs": (
        "Simon Tatham の Same Game のもう一つの得点方式です。n個のグループはnから1を引いて2乗した点、ボーナスはありません。"
    ),
    "preset.description.tatham": (
        "Simon Tatham のパズル集の Same Game のルールとプリセットです。n個のグループはnから2を引いて2乗した点、ボーナスはありません。"
    ),
    "presets.line": "{name}: {title}。{description}",
}
