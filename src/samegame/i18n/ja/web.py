"""The web page of ``samegame serve``: its headings, labels, buttons and key hints."""

from __future__ import annotations

from collections.abc import Mapping

MESSAGES: Mapping[str, str] = {
    "web.title": "さめがめ",
    # the start view
    "web.start.heading": "ゲームを始める",
    "web.start.preset": "ルール",
    "web.start.board": "盤面の番号（省略できます）",
    "web.start.board.hint": "空のままにすると、まだ遊んでいない次の盤面になります。",
    "web.start.board.invalid": "盤面の番号は 5 のような整数です。次の盤面なら空のままにしてください。",
    "web.start.language": "言語",
    "web.start.submit": "始める",
    "web.start.unfinished": "中断したゲーム",
    "web.start.none": "中断したゲームはありません。",
    "web.start.resume": "再開",
    # the game view
    "web.game.heading": "ゲーム{game}、{title}",
    "web.status.board": "盤面",
    "web.status.score": "スコア",
    "web.status.tiles": "残りのタイル",
    "web.status.groups": "残りのグループ",
    "web.preview": "{count}個を選んでいます。消すと{points}点です。",
    "web.preview.none": "何も選んでいません。",
    "web.board.label": "盤面、{width}列{height}行",
    "web.cell.empty": "{cell}、空",
    "web.keys.heading": "キー操作",
    "web.keys.move": "矢印キーで盤面を移動します。Home と End で行の端、Ctrl と Home か End で最初か最後のマスに移動します。",
    "web.keys.select": "Enter かスペースでマスのグループを選び、もう一度押すとそのグループを消します。",
    "web.keys.select.one-click": "Enter かスペースでマスのグループをすぐに消します。",
    "web.keys.other": "Escape で選択の取り消し、Z で1手戻す、H でヒントです。",
    "web.letters": "タイルに文字を表示",
    "web.button.undo": "1手戻す",
    "web.button.hint": "ヒント",
    "web.button.cancel": "選択を取り消す",
    "web.button.restart": "最初からやり直す",
    "web.button.new": "新しいゲーム",
    "web.button.back": "最初の画面に戻る",
    "web.command.label": "コマンド",
    "web.command.hint": "groups red、row 5、summary、help など、samegame play のコマンドを入力できます。",
    "web.command.submit": "送信",
    "web.ending.heading": "ゲーム終了",
    "web.messages.heading": "メッセージ",
    "web.question.yes": "はい",
    "web.question.no": "いいえ",
    "web.error.network": "サーバーが応答しません。samegame serve が動いているか確かめてください。",
}
