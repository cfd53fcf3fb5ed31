/**
 * The public form, enhanced: sends with fetch (no reload) to the public
 * REST routes, shows the daemon's messages beside their fields, applies
 * show_if as the daemon does, pages a multi-page form, uploads files in
 * chunks and shows the tracking code. The form works without this script
 * (PHP renders it and takes a plain POST); everything here only adds.
 *
 * Every text from the form or the daemon is set with textContent.
 */

import './form.css';
import { visibleFields, readField } from './showif';
import { jalaliToDate } from './jalali';

var CHUNK = 262144;

function $all( root, sel ) {
	return Array.prototype.slice.call( root.querySelectorAll( sel ) );
}

function format( text ) {
	var args = Array.prototype.slice.call( arguments, 1 );
	var i = 0;
	return text.replace( /%(\d\$)?s/g, function ( m, pos ) {
		var v = pos ? args[ parseInt( pos, 10 ) - 1 ] : args[ i++ ];
		return String( v );
	} );
}

function digits( n, fa ) {
	return fa ? String( n ).replace( /[0-9]/g, function ( d ) {
		return '۰۱۲۳۴۵۶۷۸۹'[ d ];
	} ) : String( n );
}

function el( tag, cls, text ) {
	var e = document.createElement( tag );
	if ( cls ) {
		e.className = cls;
	}
	if ( null != text ) {
		e.textContent = text;
	}
	return e;
}

function control( wrap ) {
	return wrap.querySelector( 'input:not([type=hidden]), select, textarea' );
}

function labelOf( wrap ) {
	var l = wrap.querySelector( '.arshline-field__label' );
	return l ? l.textContent.replace( /\s*\*$/, '' ) : wrap.getAttribute( 'data-field' );
}

function toBase64( buffer ) {
	var bytes = new Uint8Array( buffer );
	var out = '';
	for ( var i = 0; i < bytes.length; i += 0x8000 ) {
		out += String.fromCharCode.apply( null, bytes.subarray( i, i + 0x8000 ) );
	}
	return btoa( out );
}

function accepts( accept, file ) {
	if ( ! accept ) {
		return true;
	}
	var type = ( file.type || '' ).toLowerCase();
	if ( ! type ) {
		return true; // The daemon reads the type from the bytes; let it judge.
	}
	return accept.split( ',' ).some( function ( a ) {
		a = a.trim().toLowerCase();
		return a === type || ( '/*' === a.slice( -2 ) && 0 === type.indexOf( a.slice( 0, -1 ) ) ) || ( 'image/jpg' === a && 'image/jpeg' === type );
	} );
}

function post( url, body ) {
	return fetch( url, {
		method: 'POST',
		credentials: 'same-origin',
		headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
		body: JSON.stringify( body ),
	} ).then(
		function ( r ) {
			return r.json().then(
				function ( b ) {
					return { status: r.status, body: b || {}, retry: Number( r.headers.get( 'Retry-After' ) ) || 0 };
				},
				function () {
					return { status: r.status || 0, body: {} };
				}
			);
		},
		function () {
			return { status: 0, body: {} };
		}
	);
}

function Form( root ) {
	var cfg = JSON.parse( root.getAttribute( 'data-arshline' ) );
	var S = cfg.strings;
	var fa = 'fa_IR' === cfg.locale;
	var form = root.querySelector( 'form' );
	var summary = root.querySelector( '.arshline-form__summary' );
	var live = root.querySelector( '.arshline-form__live' );
	var tokenInput = form.querySelector( '[name=arshline_form_token]' );
	var pages = cfg.pages || 1;
	var page = 1;
	var busy = false;
	var wraps = $all( form, '.arshline-field' );
	var next = form.querySelector( '.arshline-form__next' );
	var back = form.querySelector( '.arshline-form__back' );
	var submit = form.querySelector( '.arshline-form__submit' );
	var progress = form.querySelector( '.arshline-form__progress' );

	form.noValidate = true;

	function refreshToken() {
		return fetch( cfg.rest, { credentials: 'same-origin', cache: 'no-store', headers: { Accept: 'application/json' } } ).then(
			function ( r ) {
				return r.ok ? r.json() : null;
			}
		).then(
			function ( b ) {
				if ( b && b.form_token ) {
					tokenInput.value = b.form_token;
				}
			},
			function () {}
		);
	}

	function setError( wrap, message ) {
		var p = wrap.querySelector( '.arshline-field__error' );
		var c = wrap.querySelector( 'fieldset' ) || control( wrap );
		wrap.classList.toggle( 'arshline-field--invalid', !! message );
		if ( p ) {
			p.textContent = message || '';
			p.hidden = ! message;
		}
		if ( c ) {
			if ( message ) {
				c.setAttribute( 'aria-invalid', 'true' );
			} else {
				c.removeAttribute( 'aria-invalid' );
			}
		}
	}

	function focusField( wrap ) {
		var c = control( wrap );
		if ( c ) {
			c.focus();
		}
	}

	function showSummary( items ) {
		summary.textContent = '';
		if ( ! items.length ) {
			summary.hidden = true;
			return;
		}
		summary.appendChild( el( 'p', null, S.summary ) );
		var ul = el( 'ul' );
		items.forEach( function ( it ) {
			var li = el( 'li' );
			if ( it.wrap ) {
				var a = el( 'a', null, labelOf( it.wrap ) + ': ' + it.message );
				var c = control( it.wrap );
				a.href = '#' + ( c ? c.id : '' );
				a.addEventListener( 'click', function ( e ) {
					e.preventDefault();
					goTo( pageOf( it.wrap ) );
					focusField( it.wrap );
				} );
				li.appendChild( a );
			} else {
				li.textContent = it.message;
			}
			ul.appendChild( li );
		} );
		summary.appendChild( ul );
		summary.hidden = false;
	}

	function pageOf( wrap ) {
		var p = wrap.closest( '.arshline-form__page' );
		return p ? parseInt( p.getAttribute( 'data-page' ), 10 ) || 1 : 1;
	}

	function applyShowIf() {
		var shown = visibleFields( wraps );
		wraps.forEach( function ( w ) {
			var hide = ! shown[ w.getAttribute( 'data-field' ) ];
			if ( w.hidden !== hide ) {
				w.hidden = hide;
				if ( hide ) {
					setError( w, '' );
				}
			}
		} );
		return shown;
	}

	function goTo( n ) {
		if ( pages < 2 ) {
			return;
		}
		page = Math.max( 1, Math.min( pages, n ) );
		$all( form, '.arshline-form__page' ).forEach( function ( p ) {
			p.hidden = parseInt( p.getAttribute( 'data-page' ), 10 ) !== page;
		} );
		back.hidden = 1 === page;
		next.hidden = page === pages;
		submit.hidden = page !== pages;
		progress.hidden = false;
		var text = format( S.page, digits( page, fa ), digits( pages, fa ) );
		progress.querySelector( '.arshline-form__progress-text' ).textContent = text;
		var bar = progress.querySelector( '[role=progressbar]' );
		bar.setAttribute( 'aria-valuenow', String( page ) );
		bar.setAttribute( 'aria-valuetext', text );
		bar.firstChild.style.inlineSize = ( ( 100 * page ) / pages ) + '%';
	}

	// Required answers of the visible fields (on one page, or all): the
	// daemon stays the judge, this only saves a round trip.
	function checkRequired( onPage ) {
		var shown = applyShowIf();
		var errors = [];
		wraps.forEach( function ( w ) {
			if ( ( onPage && pageOf( w ) !== onPage ) || ! shown[ w.getAttribute( 'data-field' ) ] ) {
				return;
			}
			var msg = '';
			if ( w.hasAttribute( 'data-required' ) && ! readField( w ).answered ) {
				msg = S.required;
			} else if ( 'file' === w.getAttribute( 'data-type' ) ) {
				msg = checkFiles( w );
			}
			setError( w, msg );
			if ( msg ) {
				errors.push( { wrap: w, message: msg } );
			}
		} );
		if ( errors.length ) {
			showSummary( errors );
			goTo( pageOf( errors[ 0 ].wrap ) );
			focusField( errors[ 0 ].wrap );
		} else {
			showSummary( [] );
		}
		return ! errors.length;
	}

	function checkFiles( w ) {
		var input = control( w );
		var files = input && input.files ? Array.prototype.slice.call( input.files ) : [];
		var maxKb = parseInt( w.getAttribute( 'data-max-kb' ), 10 ) || 0;
		var maxFiles = parseInt( w.getAttribute( 'data-max-files' ), 10 ) || 1;
		if ( files.length > maxFiles ) {
			return format( S.too_many, digits( maxFiles, fa ) );
		}
		for ( var i = 0; i < files.length; i++ ) {
			if ( maxKb && files[ i ].size > maxKb * 1024 ) {
				return format( S.too_big, digits( maxKb, fa ) );
			}
			if ( ! accepts( input.getAttribute( 'accept' ), files[ i ] ) ) {
				return S.bad_type;
			}
		}
		return '';
	}

	function uploadOne( w, file ) {
		var field = w.getAttribute( 'data-field' );
		var uploadId = '';
		var offset = 0;
		function step() {
			var end = Math.min( file.size, offset + CHUNK );
			return file.slice( offset, end ).arrayBuffer().then( function ( buf ) {
				var body = { form_token: tokenInput.value, field: field, name: file.name, size: file.size, offset: offset, data: toBase64( buf ), final: end >= file.size };
				if ( uploadId ) {
					body.upload_id = uploadId;
				}
				return post( cfg.rest + '/uploads', body ).then( function ( r ) {
					if ( 200 !== r.status ) {
						throw r;
					}
					uploadId = r.body.upload_id;
					offset = end;
					return end >= file.size ? { upload_id: uploadId } : step();
				} );
			} );
		}
		live.textContent = format( S.uploading, file.name );
		return step();
	}

	function uploads( shown ) {
		var answers = {};
		var chain = Promise.resolve();
		wraps.forEach( function ( w ) {
			var id = w.getAttribute( 'data-field' );
			if ( 'file' !== w.getAttribute( 'data-type' ) || ! shown[ id ] ) {
				return;
			}
			var input = control( w );
			Array.prototype.forEach.call( input.files || [], function ( f ) {
				chain = chain.then( function () {
					return uploadOne( w, f ).then( function ( ref ) {
						( answers[ id ] = answers[ id ] || [] ).push( ref );
					} );
				} );
			} );
		} );
		return chain.then( function () {
			return answers;
		} );
	}

	function fail( r ) {
		var body = r.body || {};
		var data = body.data || {};
		var items = [];
		var first = null;
		wraps.forEach( function ( w ) {
			setError( w, '' );
		} );
		if ( 422 === r.status && Array.isArray( data.fields ) ) {
			data.fields.forEach( function ( f ) {
				var msg = ( fa ? f.message_fa : f.message_en ) || body.message || '';
				var w = f.field ? form.querySelector( '.arshline-field[data-field="' + CSS.escape( f.field ) + '"]' ) : null;
				if ( w && ! w.hidden ) {
					setError( w, msg );
					items.push( { wrap: w, message: msg } );
					first = first || w;
				} else {
					items.push( { message: msg } );
				}
				if ( 'form_token_expired' === f.code || 'form_token_invalid' === f.code ) {
					refreshToken();
				}
			} );
		} else if ( 429 === r.status ) {
			items.push( { message: format( S.wait, digits( r.retry || data.retry_after || 1, fa ) ) } );
		} else if ( 410 === r.status || 413 === r.status || ( 400 === r.status && body.message ) ) {
			items.push( { message: body.message } );
		} else {
			items.push( { message: S.offline } );
		}
		showSummary( items );
		if ( first ) {
			goTo( pageOf( first ) );
			focusField( first );
		} else {
			summary.focus();
		}
	}

	function done( receipt ) {
		var box = el( 'div', 'arshline-form__thanks' );
		box.setAttribute( 'role', 'status' );
		box.tabIndex = -1;
		box.appendChild( el( 'h2', 'arshline-form__title', root.querySelector( '.arshline-form__title' ).textContent ) );
		( receipt.thank_you || S.thanks ).split( /\n\s*\n/ ).forEach( function ( t ) {
			box.appendChild( el( 'p', null, t ) );
		} );
		if ( receipt.tracking_code ) {
			var p = el( 'p', 'arshline-form__code', S.code + ' ' );
			var code = el( 'strong', null, receipt.tracking_code );
			code.dir = 'ltr';
			p.appendChild( code );
			box.appendChild( p );
		}
		root.textContent = '';
		root.classList.add( 'arshline-form--done' );
		root.appendChild( box );
		box.focus();
	}

	function send() {
		if ( busy || ! checkRequired( 0 ) ) {
			return;
		}
		busy = true;
		submit.disabled = true;
		live.textContent = S.sending;
		var shown = applyShowIf();
		var answers = {};
		wraps.forEach( function ( w ) {
			var id = w.getAttribute( 'data-field' );
			var t = w.getAttribute( 'data-type' );
			if ( ! shown[ id ] || 'file' === t ) {
				return;
			}
			var v = readField( w );
			if ( v.answered ) {
				answers[ id ] = v.raw;
			}
		} );
		uploads( shown ).then( function ( files ) {
			Object.keys( files ).forEach( function ( k ) {
				answers[ k ] = files[ k ];
			} );
			return post( cfg.rest + '/submissions', {
				answers: answers,
				form_token: tokenInput.value,
				idempotency_key: form.querySelector( '[name=arshline_idempotency]' ).value,
				honeypot: form.querySelector( '[name=arshline_hp]' ).value,
			} );
		} ).then(
			function ( r ) {
				if ( 201 === r.status || 200 === r.status ) {
					done( r.body );
				} else {
					fail( r );
				}
			},
			function ( r ) {
				fail( r && 'status' in r ? r : { status: 0 } );
			}
		).then( function () {
			busy = false;
			submit.disabled = false;
			live.textContent = '';
		} );
	}

	function dateHint( w ) {
		var input = control( w );
		var hint = w.querySelector( '.arshline-field__date' );
		if ( ! hint ) {
			hint = el( 'p', 'arshline-field__date' );
			hint.setAttribute( 'aria-live', 'polite' );
			input.insertAdjacentElement( 'afterend', hint );
		}
		var d = 'jalali' === w.getAttribute( 'data-calendar' ) ? jalaliToDate( input.value ) : null;
		var text = '';
		if ( d && window.Intl ) {
			try {
				text = format( S.date, new Intl.DateTimeFormat( fa ? 'fa-IR-u-ca-persian' : 'en-US-u-ca-persian', { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' } ).format( d ) );
			} catch ( e ) {}
		}
		hint.textContent = text;
	}

	form.addEventListener( 'input', function ( e ) {
		var w = e.target.closest( '.arshline-field' );
		applyShowIf();
		if ( w && 'date' === w.getAttribute( 'data-type' ) ) {
			dateHint( w );
		}
	} );
	form.addEventListener( 'change', function ( e ) {
		var w = e.target.closest( '.arshline-field' );
		applyShowIf();
		if ( w && 'file' === w.getAttribute( 'data-type' ) ) {
			setError( w, checkFiles( w ) );
		}
	} );
	form.addEventListener( 'submit', function ( e ) {
		e.preventDefault();
		if ( pages > 1 && page < pages ) {
			if ( checkRequired( page ) ) {
				goTo( page + 1 );
			}
			return;
		}
		send();
	} );
	if ( next ) {
		next.addEventListener( 'click', function () {
			if ( checkRequired( page ) ) {
				goTo( page + 1 );
				var first = $all( form, '.arshline-form__page:not([hidden]) .arshline-field:not([hidden])' )[ 0 ];
				if ( first ) {
					focusField( first );
				}
			}
		} );
		back.addEventListener( 'click', function () {
			goTo( page - 1 );
		} );
	}

	applyShowIf();
	goTo( 1 );
	refreshToken();
	// A form the server re-rendered with errors (sent without this script
	// before it loaded): go to the first one.
	var invalid = form.querySelector( '.arshline-field--invalid' );
	if ( invalid ) {
		goTo( pageOf( invalid ) );
		focusField( invalid );
	}
}

function start() {
	$all( document, '.arshline-form[data-arshline]' ).forEach( function ( root ) {
		try {
			Form( root );
		} catch ( e ) {
			// The form still works as plain HTML.
		}
	} );
}

if ( 'loading' === document.readyState ) {
	document.addEventListener( 'DOMContentLoaded', start );
} else {
	start();
}
