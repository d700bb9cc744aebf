"""The tutorial."""

from __future__ import annotations

from collections.abc import Mapping

MESSAGES: Mapping[str, str] = {
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
