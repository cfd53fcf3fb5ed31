/**
 * A form document as its visitors get it, in a React page: the public
 * form's own PHP renderer draws it (POST /forms/{id}/preview) and a
 * sandboxed frame shows it with the public stylesheet and script. Scripts
 * run (the Jalali picker works), but the frame is of no origin and may not
 * send forms.
 */

import {
	createElement as h,
	useEffect,
	useRef,
	useState,
} from '@wordpress/element';
import { Spinner } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import { call } from './api';
import { ErrorNotice } from './ui';

function attr( text ) {
	return String( text )
		.replace( /&/g, '&amp;' )
		.replace( /"/g, '&quot;' )
		.replace( /</g, '&lt;' );
}

/** The frame's page: the renderer's markup between the public stylesheet and script. */
function framePage( r ) {
	// The frame tells its height to the admin page, which has no other way to know it.
	const resize =
		'(function(){function h(){parent.postMessage({arshlinePreviewHeight:document.documentElement.scrollHeight},"*");}' +
		'window.addEventListener("load",h);if(window.ResizeObserver){new ResizeObserver(h).observe(document.body);}' +
		'document.addEventListener("submit",function(e){e.preventDefault();},true);})();';
	return (
		'<!doctype html><html lang="' +
		attr( r.lang ) +
		'" dir="' +
		attr( r.dir ) +
		'"><head><meta charset="utf-8">' +
		'<base href="' +
		attr( r.base ) +
		'"><style>' +
		String( r.style ).replace( /<\//g, '<\\/' ) +
		'</style><style>body{margin:0;padding:4px;background:#fff}</style></head><body>' +
		r.html +
		'<script src="' +
		attr( r.script ) +
		'"></script><script>' +
		resize +
		'</script></body></html>'
	);
}

/**
 * FormPreview draws doc (titled title) as form formId's visitors would
 * see it. With delay (ms), a change is drawn once the document has been
 * still that long, so typing does not send a request per key; the last
 * drawing stays until the next one arrives, and an answer that a later
 * change has overtaken is dropped.
 */
export function FormPreview( { formId, doc, title, delay } ) {
	const [ r, setR ] = useState( null );
	const [ height, setHeight ] = useState( 240 );
	const frame = useRef();
	useEffect(
		function () {
			let live = true;
			const timer = window.setTimeout( function () {
				call( {
					path:
						'/arshline/v1/forms/' +
						encodeURIComponent( formId ) +
						'/preview',
					method: 'POST',
					data: { document: doc, title: title || '' },
				} ).then( ( answer ) => live && setR( answer ) );
			}, delay || 0 );
			return () => {
				live = false;
				window.clearTimeout( timer );
			};
		},
		[ formId, doc, title, delay ]
	);
	useEffect( function () {
		function onMessage( e ) {
			if (
				frame.current &&
				e.source === frame.current.contentWindow &&
				e.data &&
				'number' === typeof e.data.arshlinePreviewHeight
			) {
				setHeight(
					Math.min(
						4000,
						Math.max( 120, e.data.arshlinePreviewHeight + 8 )
					)
				);
			}
		}
		window.addEventListener( 'message', onMessage );
		return () => window.removeEventListener( 'message', onMessage );
	}, [] );
	if ( ! r ) {
		return h( Spinner );
	}
	if ( ! r.ok ) {
		return h( ErrorNotice, { r } );
	}
	return h( 'iframe', {
		ref: frame,
		className: 'arsh-server-preview',
		title: __(
			'Preview of the form as visitors see it',
			'arshline-sidecar'
		),
		sandbox: 'allow-scripts',
		srcDoc: framePage( r.body ),
		style: { height: height + 'px' },
	} );
}
