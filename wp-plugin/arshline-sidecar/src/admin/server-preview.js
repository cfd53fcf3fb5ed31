/**
 * The builder's preview: the document as visitors get it, rendered by the
 * public form's own PHP renderer (POST /forms/{id}/preview) and shown with
 * the public stylesheet and script (the Jalali date picker too) in a
 * sandboxed frame: scripts run, but the frame is of no origin and cannot
 * send the form.
 */

import { __ } from '@wordpress/i18n';

import { call } from './api';
import { el, clear, showError } from './dom';

let seq = 0;

function attr( text ) {
	return String( text ).replace( /&/g, '&amp;' ).replace( /"/g, '&quot;' ).replace( /</g, '&lt;' );
}

/** The frame's page: the renderer's markup between the public stylesheet and script. */
function page( r ) {
	// The frame tells its height to the admin page, which has no other way to know it.
	var resize =
		'(function(){function h(){parent.postMessage({arshlinePreviewHeight:document.documentElement.scrollHeight},"*");}' +
		'window.addEventListener("load",h);if(window.ResizeObserver){new ResizeObserver(h).observe(document.body);}' +
		'document.addEventListener("submit",function(e){e.preventDefault();},true);})();';
	return (
		'<!doctype html><html lang="' + attr( r.lang ) + '" dir="' + attr( r.dir ) + '"><head><meta charset="utf-8">' +
		'<base href="' + attr( r.base ) + '"><style>' + String( r.style ).replace( /<\//g, '<\\/' ) + '</style><style>body{margin:0;padding:4px;background:#fff}</style></head><body>' +
		r.html +
		'<script src="' + attr( r.script ) + '"></script><script>' + resize + '</script></body></html>'
	);
}

window.addEventListener( 'message', function ( e ) {
	var frames = document.querySelectorAll( 'iframe.arsh-server-preview' );
	Array.prototype.forEach.call( frames, function ( frame ) {
		if ( e.source === frame.contentWindow && e.data && 'number' === typeof e.data.arshlinePreviewHeight ) {
			frame.style.height = Math.min( 4000, Math.max( 120, e.data.arshlinePreviewHeight + 8 ) ) + 'px';
		}
	} );
} );

/**
 * Shows doc (titled title) in box as form formId's visitors would see it.
 * Only the latest of quick successive calls is shown.
 */
export function showServerPreview( box, formId, doc, title ) {
	var mine = ++seq;
	return call( { path: '/arshline/v1/forms/' + encodeURIComponent( formId ) + '/preview', method: 'POST', data: { document: doc, title: title || '' } } ).then( function ( r ) {
		if ( mine !== seq ) {
			return;
		}
		if ( ! r.ok ) {
			clear( box );
			var msg = el( 'div', { className: 'arsh-msg' } );
			box.appendChild( msg );
			showError( msg, r );
			return;
		}
		var frame = box.querySelector( 'iframe.arsh-server-preview' );
		if ( ! frame ) {
			clear( box );
			frame = el( 'iframe', {
				className: 'arsh-server-preview',
				title: __( 'Preview of the form as visitors see it', 'arshline-sidecar' ),
				sandbox: 'allow-scripts',
			} );
			box.appendChild( frame );
		}
		frame.srcdoc = page( r.body );
	} );
}
