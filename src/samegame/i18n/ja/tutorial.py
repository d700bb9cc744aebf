"""The tutorial."""

from __future__ import annotations

from collections.abc import Mapping

MESSAGES: Mapping[str, str] = {
    # samegame tutorial
    "tutorial.welcome": (
        "samegame のチュートリアルへようこそ。1つの小さな局面で{count}つのステップを進み、そのあと自分で3手指してみます。"
        "マスは列の文字と行の番号で呼びます。列は左から、行は下から数えるので、A1は左下のマスです。"
        "質問には入力して答えます。skip で先へ進み、board で盤面をもう一度聞き、quit で終了します。"
        "何も保存しません。"
    ),
    "tutorial.position": (
        "この局面は、レッスンの盤面{number}番({full_width}列{full_height}行)の左下の部分で、"
        "{width}列、高さは最大{height}行です。含まれないマスは空です。どのステップもこの同じ局面を変えていきます。"
        "タイルは色ではなく形で見分けます。丸、ひし形、三角です。"
        "3つのひし形に A、B、C の札を付けて、ステップの中で指し示します。"
        "レッスンのルール: {formula}。盤面をすべて消してもボーナスはなく、残ったタイルのペナルティもありません。"
    ),
    "tutorial.outlined": "数えるグループは角かっこで囲んで描きます。",
    "tutorial.tags.start": "札: A は{a}のひし形、B は{b}のひし形、C は{c}のひし形です。",
    "tutorial.tags.opened": "今の札: A は{a_fallen}、B は{b_moved}、C は変わらず{c_opened}です。",
    "tutorial.tags.chosen": "今の札: A と B は{seven}個のひし形と一緒に消えました。C は{c_chosen}です。",
    "tutorial.step.heading": "全{count}ステップの{number}: {title}。",
    "tutorial.step.sides.title": "辺をたどる",
    "tutorial.step.zero.title": "0点でも一手になる",
    "tutorial.step.space.title": "すき間を空ける",
    "tutorial.step.down.title": "まずまっすぐ下へ",
    "tutorial.step.left.title": "それから左へ詰める",
    "tutorial.step.count.title": "新しいチャンスを数える",
    "tutorial.step.choice.title": "選んだ手が次の選択を変える",
    "tutorial.step.sides.idea": (
        "グループとは、同じ形のタイルが上下左右の辺でつながったもので、グループの中をタイルからタイルへたどれます。"
        "数えるのは、左下の{group}のひし形を含むグループです。"
    ),
    "tutorial.step.sides.question": "{group}のひし形のグループには、ひし形が何個ありますか。{a}の A、{b}の B、{c}の C もひし形です。数を入力してください。",
    "tutorial.step.sides.explain": (
        "{size}個です: {group_cells}。ひし形からひし形へ辺をたどっても、A、B、C には届きません。"
        "{a}の A は{corner}と角で接しているだけで、角ではタイルはつながりません。B と C は離れた場所のひし形です。"
    ),
    "tutorial.step.zero.idea": "レッスンのルールでは、{formula}。下の段の{pair}の丸は、{pair_size}個のグループです。",
    "tutorial.step.zero.question": "このペアは{pair_points}点で消せますか。はい か いいえ （y か n）で答えてください。",
    "tutorial.step.zero.explain": "はい。二個以上のグループはどれも指せる手です。ペアは{pair_points}点ですが、それでも一手です。",
    "tutorial.step.zero.preview": (
        "グループを選ぶのは下見だけです。グループ全体と点を示し、盤面は変わりません。"
        "盤面が変わるのは消したときです。remove と入力します。同じマスをもう一度入力しても、選び直すだけです。"
    ),
    "tutorial.step.space.move": (
        "ペアを消しましょう。{pair_first} と入力して選び、グループ全体を聞いてから、"
        "remove と入力して消します。その前なら、cancel か Escape キーで選択を取り消せます。"
    ),
    "tutorial.step.space.after": "消えたのはちょうどその{pair_size}個です。空いた穴を新しいタイルが埋めることはなく、スコアは{pair_points}のままです。",
    "tutorial.step.down.idea": (
        "まず、穴の上のタイルは自分の列の中をまっすぐ下へ落ち、順番は変わりません。"
        "{column}列では、{fallen}のタイルが一マス落ち、A もそれと一緒に{a}から{a_fallen}へ落ちました。"
        "{emptied}列にはペアの丸が一つあっただけなので、空になりました。"
    ),
    "tutorial.step.left.idea": (
        "次に、すっかり空になった列はなくなり、その右の列が順番のまま一つ左へ動きます。"
        "{emptied}列がなくなり、{moved}列が左へ動きました。タイルが一つでもある列は残ります。"
        "{column}列はタイルを一つ失いましたが残り、今{lone_column}列にある三角一つも、それだけで一つの列です。"
        "B は列と一緒に{b}から{b_moved}へ左に動き、下のひし形と接しました。{a_fallen}の A も接しています。"
        "それ以上はひとりでに起こりません。新しく隣り合ったタイルは消すまで盤面に残り、一手が次の消去を引き起こすことはありません。"
    ),
    "tutorial.step.count.question": (
        "ペアがすき間を作りました。今{a_fallen}にある A、{b_moved}にある B と下のひし形は、{seven_anchor}のひし形を含む一つのグループです。"
        "このグループを消すと何点になりますか。数を入力してください。"
    ),
    "tutorial.step.count.explain": (
        "ひし形{seven}個です。{seven}から{two}を引くと{less}、{less}の二乗は{points}点です。"
        "比べると、ペアは{pair_points}点、三個は{three_points}点、五個は{five_points}点です。"
        "これは指せる手順の一例で、一番よい戦略だというわけではありません。"
    ),
    "tutorial.step.choice.move": "{seven}個のひし形を消しましょう。{seven_anchor} と入力し、それから remove と入力します。",
    "tutorial.step.choice.after": (
        "その上のタイルが落ち、空になった列が左へ詰まりました。今は{circles}の丸が{circles_size}個のグループで、"
        "{c_chosen}の C はひとつだけのひし形です。辺で接するひし形がありません。"
        "指した手は二手、スコア{points}で、盤面はすべて消えてはいません。"
    ),
    "tutorial.step.choice.compare": (
        "一手ごとに次の選択が変わります。二つの作戦を比べるには、undo で一手戻して別の手を試します。redo で指し直せます。"
        "今 undo と入力すると{seven}個のひし形を戻し、redo でもう一度消し、next で先へ進みます。"
    ),
    "tutorial.step.choice.rules": (
        "レッスンのルールには、盤面をすべて消したときのボーナスも、残ったタイルのペナルティも、制限時間もありません。"
        "盤面をすべて消せば勝ちです。タイルが残っていても二個のグループがなければ、そのときのスコアでゲームは終わります。"
        "ここで{circles_size}個の丸を消すと、グループのないタイルが{left_after_circles}個残り、{end_score}点で終わります。"
    ),
    "tutorial.closing.biggest": "最後に二つ質問します。いつも一番大きいグループから消すべきですか。はい か いいえ （y か n）で答えてください。",
    "tutorial.closing.biggest.explain": (
        "いいえ。そういう決まりはありません。小さいグループが大きいグループをつなぐこともあります。"
        "ここではペアが{pair_points}点で、{points}点のすき間を作りました。迷ったら undo で作戦を比べましょう。"
    ),
    "tutorial.closing.diagonal": "角だけで斜めに接しているタイルは、同じグループですか。はい か いいえ （y か n）で答えてください。",
    "tutorial.closing.diagonal.explain": (
        "いいえ。タイルをつなぐのは辺だけで、同じ形のほかのタイルを通ってもかまいません。"
        "はじめ{a}にあった A はグループと角で接しているだけでグループに入らず、落ちて辺で接してから加わりました。"
    ),
    "tutorial.cancel.question": "質問では取り消すものはありません。答えを入力するか、skip と入力してください。",
    "tutorial.cancel.selection": "選択を取り消しました。もう一度選ぶには {cell} と入力します。",
    "tutorial.cancel.nothing": "何も選んでいません。グループを選ぶには {cell} と入力します。",
    "tutorial.cancel.compare": "ここでは取り消すものはありません。undo、redo、または next と入力してください。",
    "tutorial.compare.words": "undo、redo、または先へ進む next と入力してください。",
    "tutorial.compare.restored": "指した手をもう一度指しました。スコア{score}。レッスンはそこから続きます。",
    "tutorial.lesson.confirm": "消すには remove と入力します。",
    "tutorial.practice.intro": (
        "では、自分で{moves}手指してみましょう。レッスンの盤面{number}番({full_width}列{full_height}行)の"
        "左下の角、{width}列{height}行です。盤面全体は {command} で遊べます。"
        "スコアは0から始まり、何も保存しません。"
    ),
    "tutorial.practice.commands": (
        "マスを入力するとグループを選んで聞き、remove と入力すると消します。explain は指せる手を1つ示し、"
        "undo か z は1手戻し、reset は確認してから盤面を最初に戻し、board は盤面を示し、"
        "skip は練習を終え、quit はチュートリアルを終了します。"
    ),
    "tutorial.practice.explain": (
        "指せる手の1つ: {group}。タイルが辺で接しているので消せます。選べる手の1つで、一番よい手とは限りません。"
    ),
    "tutorial.practice.reset.ask": (
        "練習の盤面を最初に戻しますか。{count}手が消えますが、undo で戻せます。はい か いいえ （y か n）で答えてください。"
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
    "tutorial.confirm": "消すには remove と入力します。",
    "tutorial.question.help": (
        "質問への答えを入力してください。repeat でもう一度質問を聞き、board で盤面を聞き、"
        "skip で答えを聞いて先へ進み、quit で終了します。"
    ),
    "tutorial.want.number": "数として読めません。3 や 三 のように、数字か漢数字で入力してください。",
    "tutorial.want.yes_no": "はい か いいえ （y か n）で答えてください。",
    "tutorial.select_first": "先にグループを選んでください。{cell} と入力します。",
    "tutorial.other_group": "それは別のグループです。ここでは{cell}のグループを扱います。",
    "tutorial.not_a_cell": "{cell} のようにマスを入力してください。",
    "tutorial.done": (
        "よくできました。辺にそってグループをたどり、点にならないペアを消してすき間を作り、タイルがまっすぐ下へ落ちて列が左へ詰まるのを聞き、"
        "新しいグループを数え、1手ごとに次の選択が変わることを確かめました。{command} でゲームを始めましょう。"
    ),
    "tutorial.bye": "チュートリアルを終了しました。もう一度始めるには {command} を実行します。",
}
