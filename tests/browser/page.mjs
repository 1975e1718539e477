// The page around a rendered template: a stand-in for Foundry's window frame or chat log, so
// that the system's CSS (which targets those) can be judged. Not Foundry's markup or CSS.
import Handlebars from "handlebars";

const esc = Handlebars.escapeExpression;

export function pageHTML({ kind, html, title = "", width = 720, height, theme, classes = [], lang = "en" }) {
  const body =
    kind === "chat"
      ? // Foundry's chat log sits in a sidebar section, so a card's <header> is the card's, not a
        // banner landmark of the page.
        `<section class="chat-sidebar">
         <ol id="chat-log" style="width:${width}px">
           <li class="chat-message message flexcol">
             <header class="message-header"><h4 class="message-sender">${esc(title)}</h4></header>
             <div class="message-content">${html}</div>
           </li>
         </ol>
         </section>`
      : `<div class="application ${classes.map(esc).join(" ")}" style="width:${width}px;${height ? `height:${height}px` : ""}">
           <header class="window-header"><h1 class="window-title">${esc(title)}</h1></header>
           <section class="window-content">${html}</section>
         </div>`;
  return `<!doctype html>
<html lang="${esc(lang)}">
<head>
  <meta charset="utf-8">
  <base href="http://polyverse.test/">
  <link rel="stylesheet" href="/stand-in/foundry.css">
  <link rel="stylesheet" href="/systems/polyverse/styles/polyverse.css">
</head>
<body class="theme-${theme}">${body}</body>
</html>`;
}
