// embed.js -- a live medal table in any page: <script src=".../embed.js">
// then <podium-table games="OG2024"></podium-table> (lang="zh" for
// another language).  The element frames the server's /embed/games/G,
// which the server lets only the origins of 'podium serve
// --frame-origin' frame; the framed page keeps itself live.
'use strict';
(() => {
	const origin = new URL(document.currentScript.src).origin;
	class PodiumTable extends HTMLElement {
		connectedCallback() {
			if (this.firstChild) return;
			const games = this.getAttribute('games') || '';
			const lang = this.getAttribute('lang');
			const f = document.createElement('iframe');
			f.src = origin + '/embed/games/' + encodeURIComponent(games) +
				(lang ? '?lang=' + encodeURIComponent(lang) : '');
			f.title = this.getAttribute('title') || games;
			f.style.cssText = 'width:100%;min-height:30rem;border:0';
			this.appendChild(f);
		}
	}
	if (!customElements.get('podium-table')) customElements.define('podium-table', PodiumTable);
})();
