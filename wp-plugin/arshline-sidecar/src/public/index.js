/**
 * The public form, enhanced: sends with fetch (no reload) to the public
 * REST routes, shows the daemon's messages beside their fields, applies
 * show_if as the daemon does, pages a multi-page form, uploads files in
 * chunks, offers a Jalali date picker and shows the tracking code. The
 * form works without this script (PHP renders it and takes a plain
 * POST); everything here only adds.
 *
 * One visit is two requests to WordPress, the page and the send: the
 * script uses the form token printed in the page, and fetches another
 * only when the printed one is old (the page came from a cache, or lay
 * open long: refreshed on the visitor's first touch, before any send) or
 * when the daemon refuses it (then it fetches one and sends again by
 * itself, once the least fill time has passed).
 *
 * Every text from the form or the daemon is set with textContent.
 */

import './form.css';
import { visibleFields, readField } from './showif';
import { parse, toDays, daysInMonth, format as formatDate } from './jalali';
import { attachPicker } from './datepicker';

// A printed token older than this is likely a cached page's.
var STALE_AFTER = 120;
// The daemon's least fill time when it does not say (--submit-min-fill).
var MIN_FILL = 3;
var STALE_TOKEN = [ 'form_token_invalid', 'form_token_expired', 'form_token_used', 'form_token_superseded' ];

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

// A question's label as its words: without the star or the words a
// screen reader hears for it.
function labelOf( wrap ) {
	var l = wrap.querySelector( '.arshline-field__label' );
	if ( ! l ) {
		return wrap.getAttribute( 'data-field' );
	}
	var copy = l.cloneNode( true );
	$all( copy, '.arshline-field__required, .arshline-sr' ).forEach( function ( e ) {
		e.parentNode.removeChild( e );
	} );
	return copy.textContent.trim();
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
	var refreshing = null;
	var retries = { soon: 0, token: 0 };
	var sentFiles = typeof WeakMap === 'function' ? new WeakMap() : null;

	form.noValidate = true;

	function now() {
		return Date.now() / 1000;
	}

	// A fresh form token (GET of the form's route); resolves true when one came.
	function refreshToken() {
		refreshing = fetch( cfg.rest, { credentials: 'same-origin', cache: 'no-store', headers: { Accept: 'application/json' } } ).then(
			function ( r ) {
				return r.ok ? r.json() : null;
			}
		).then(
			function ( b ) {
				refreshing = null;
				if ( b && b.form_token ) {
					tokenInput.value = b.form_token;
					tokenInput.setAttribute( 'data-issued-at', String( Math.floor( now() ) ) );
					return true;
				}
				return false;
			},
			function () {
				refreshing = null;
				return false;
			}
		);
		return refreshing;
	}

	function tokenAge() {
		return now() - ( parseInt( tokenInput.getAttribute( 'data-issued-at' ), 10 ) || 0 );
	}

	// The visitor's first touch: a stale printed token is replaced now, so
	// the least fill time runs while they answer.
	function firstTouch() {
		form.removeEventListener( 'focusin', firstTouch );
		form.removeEventListener( 'pointerdown', firstTouch );
		if ( tokenAge() > STALE_AFTER ) {
			refreshToken();
		}
	}
	form.addEventListener( 'focusin', firstTouch );
	form.addEventListener( 'pointerdown', firstTouch );

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

	// An answer changed: its message goes, from beside it and from the list.
	function clearError( wrap ) {
		if ( ! wrap.classList.contains( 'arshline-field--invalid' ) ) {
			return;
		}
		setError( wrap, '' );
		var c = control( wrap );
		$all( summary, 'li' ).forEach( function ( li ) {
			var a = li.querySelector( 'a' );
			if ( a && c && a.getAttribute( 'href' ) === '#' + c.id ) {
				li.parentNode.removeChild( li );
			}
		} );
		if ( ! summary.querySelector( 'li' ) ) {
			summary.hidden = true;
		}
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

	// Required answers of the visible fields of one page, before the next
	// page (in the daemon's words); the send itself is judged by the daemon
	// alone, every answer at once.
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
					var kept = sentFiles && sentFiles.get( f );
					return ( kept ? Promise.resolve( kept ) : uploadOne( w, f ) ).then( function ( ref ) {
						if ( sentFiles ) {
							sentFiles.set( f, ref );
						}
						( answers[ id ] = answers[ id ] || [] ).push( ref );
					} );
				} );
			} );
		} );
		return chain.then( function () {
			return answers;
		} );
	}

	// A refusal about the form as a whole: its reason, when it is the only one.
	function formReason( data ) {
		var f = Array.isArray( data.fields ) && 1 === data.fields.length ? data.fields[ 0 ] : null;
		return f && ! f.field ? f.code : '';
	}

	function later( seconds ) {
		return new Promise( function ( done ) {
			setTimeout( done, seconds * 1000 );
		} );
	}

	// Refusals the visitor need not hear of: sent too soon, or with a token
	// that will not do. Sent again by itself, once the wait is over.
	function retry( r ) {
		var data = ( r.body && r.body.data ) || {};
		var reason = formReason( data );
		var wait;
		if ( 'too_fast' === reason && retries.soon < 4 ) {
			// The daemon's least fill time may be longer than its default:
			// each wait is longer than the one before.
			retries.soon++;
			wait = Math.ceil( r.retry || data.retry_after || MIN_FILL * retries.soon );
			live.textContent = format( S.soon, digits( wait, fa ) );
			return later( wait ).then( attempt );
		}
		if ( STALE_TOKEN.indexOf( reason ) >= 0 && retries.token < 1 ) {
			retries.token++;
			return refreshToken().then( function ( ok ) {
				return ok ? later( MIN_FILL ).then( attempt ) : r;
			} );
		}
		return null;
	}

	function fail( r ) {
		var body = r.body || {};
		var data = body.data || {};
		var items = [];
		var first = null;
		var reason = formReason( data );
		wraps.forEach( function ( w ) {
			setError( w, '' );
		} );
		if ( STALE_TOKEN.indexOf( reason ) >= 0 ) {
			r = { status: 0, stale: true };
		}
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
			} );
		} else if ( 429 === r.status ) {
			items.push( { message: format( S.wait, digits( r.retry || data.retry_after || 1, fa ) ) } );
		} else if ( 410 === r.status || 413 === r.status || ( 400 === r.status && body.message ) ) {
			items.push( { message: body.message } );
		} else {
			items.push( { message: r.stale ? S.stale : S.offline } );
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
			var code = el( 'strong', null, digits( receipt.tracking_code, fa ) );
			code.dir = 'ltr';
			p.appendChild( code );
			box.appendChild( p );
		}
		root.textContent = '';
		root.classList.add( 'arshline-form--done' );
		root.appendChild( box );
		box.focus();
	}

	function answersOf( shown ) {
		var answers = {};
		wraps.forEach( function ( w ) {
			var id = w.getAttribute( 'data-field' );
			var t = w.getAttribute( 'data-type' );
			if ( ! shown[ id ] || 'file' === t ) {
				return;
			}
			if ( 'date' === t ) {
				tidyDate( w );
			}
			var v = readField( w );
			if ( v.answered ) {
				answers[ id ] = v.raw;
			}
		} );
		return answers;
	}

	// The codes typed for the shown mobile questions verified by SMS.
	function codesOf( shown ) {
		var codes = {};
		$all( form, '.arshline-otp__code input' ).forEach( function ( input ) {
			var w = input.closest( '.arshline-field' );
			var id = w.getAttribute( 'data-field' );
			if ( shown[ id ] && input.value.trim() ) {
				codes[ id ] = input.value.trim();
			}
		} );
		return codes;
	}

	// A mobile question verified by SMS: its button texts a code in place,
	// shows the code's input and counts down until a new code may be
	// asked for; a refusal is said under the question.
	$all( form, '.arshline-otp__send' ).forEach( function ( btn ) {
		var w = btn.closest( '.arshline-field' );
		var status = w.querySelector( '.arshline-otp__status' );
		var box = w.querySelector( '.arshline-otp__code' );
		var timer = 0;
		function countdown( secs ) {
			var left = Math.max( 1, Math.ceil( secs ) );
			clearInterval( timer );
			btn.disabled = true;
			function tick() {
				if ( left <= 0 ) {
					clearInterval( timer );
					btn.disabled = false;
					btn.textContent = S.otp_again;
					return;
				}
				btn.textContent = format( S.otp_wait, digits( left, fa ) );
				left--;
			}
			tick();
			timer = setInterval( tick, 1000 );
		}
		btn.addEventListener( 'click', function ( e ) {
			e.preventDefault();
			if ( btn.disabled ) {
				return;
			}
			clearError( w );
			btn.disabled = true;
			status.textContent = S.otp_sending;
			( refreshing || Promise.resolve() ).then( function () {
				return post( cfg.rest + '/otp', { form_token: tokenInput.value, field: w.getAttribute( 'data-field' ), mobile: control( w ).value } );
			} ).then( function ( r ) {
				var body = r.body || {};
				var data = body.data || {};
				if ( 200 === r.status && body.sent ) {
					box.hidden = false;
					status.textContent = format( S.otp_sent, digits( body.mobile || '', fa ), digits( Math.max( 1, Math.ceil( ( body.expires_in_sec || 300 ) / 60 ) ), fa ) );
					box.querySelector( 'input' ).focus();
					countdown( body.retry_after_sec || 60 );
					return;
				}
				status.textContent = '';
				btn.disabled = false;
				var msg = ( fa ? data.message_fa : data.message_en ) || body.message || S.offline;
				( Array.isArray( data.fields ) ? data.fields : [] ).forEach( function ( f ) {
					if ( f.field === w.getAttribute( 'data-field' ) ) {
						msg = ( fa ? f.message_fa : f.message_en ) || msg;
					}
				} );
				setError( w, msg );
				if ( 429 === r.status ) {
					countdown( r.retry || data.retry_after || 60 );
				}
			} );
		} );
	} );

	// One send: files first (each once, even over several sends), then the answers.
	function attempt() {
		var shown = applyShowIf();
		var answers = answersOf( shown );
		return ( refreshing || Promise.resolve() ).then( function () {
			return uploads( shown );
		} ).then( function ( files ) {
			Object.keys( files ).forEach( function ( k ) {
				answers[ k ] = files[ k ];
			} );
			return post( cfg.rest + '/submissions', {
				answers: answers,
				form_token: tokenInput.value,
				idempotency_key: form.querySelector( '[name=arshline_idempotency]' ).value,
				honeypot: form.querySelector( '[name=arshline_hp]' ).value,
				otp: codesOf( shown ),
			} );
		} ).then( function ( r ) {
			return 201 === r.status || 200 === r.status ? r : retry( r ) || r;
		} );
	}

	function send() {
		if ( busy ) {
			return;
		}
		// Files are checked here, before their bytes go anywhere; every
		// answer else is the daemon's to judge, all at once.
		var bad = [];
		var shown = applyShowIf();
		wraps.forEach( function ( w ) {
			if ( 'file' === w.getAttribute( 'data-type' ) && shown[ w.getAttribute( 'data-field' ) ] ) {
				var msg = checkFiles( w );
				setError( w, msg );
				if ( msg ) {
					bad.push( { wrap: w, message: msg } );
				}
			}
		} );
		if ( bad.length ) {
			showSummary( bad );
			goTo( pageOf( bad[ 0 ].wrap ) );
			focusField( bad[ 0 ].wrap );
			return;
		}
		busy = true;
		retries = { soon: 0, token: 0 };
		submit.disabled = true;
		live.textContent = S.sending;
		attempt().then(
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

	// What a Jalali date reads as, under it: «تاریخ: جمعه، ۱۲ مرداد ۱۴۰۳».
	// A day that does not exist, or lies outside the question's range, is
	// said at once; text not yet a date only when the visitor leaves it.
	function dateHint( w, leaving ) {
		var input = control( w );
		var hint = w.querySelector( '.arshline-field__date' );
		if ( ! hint ) {
			hint = el( 'p', 'arshline-field__date' );
			hint.id = input.id + '-date';
			hint.setAttribute( 'aria-live', 'polite' );
			input.closest( '.arshline-date' ).insertAdjacentElement( 'afterend', hint );
			input.setAttribute( 'aria-describedby', ( input.getAttribute( 'aria-describedby' ) || '' ) + ' ' + hint.id );
		}
		var text = input.value.trim();
		var p = parse( text );
		var msg = '';
		var said = '';
		if ( '' === text ) {
			msg = '';
		} else if ( 'month' === p.error ) {
			msg = format( S.bad_month, digits( p.m, fa ) );
		} else if ( 'day' === p.error ) {
			msg = format( S.bad_day, S.months.split( fa ? '،' : ',' )[ p.m - 1 ], digits( p.y, fa ), digits( daysInMonth( p.y, p.m ), fa ) );
		} else if ( p.error ) {
			msg = leaving ? ( 'year' === p.error ? S.bad_year : S.not_date ) : '';
		} else {
			var n = toDays( p.y, p.m, p.d );
			var range = w.arshlinePicker;
			if ( n < range.min ) {
				msg = format( S.early, range.label( range.min ) );
			} else if ( n > range.max ) {
				msg = format( S.late, range.label( range.max ) );
			} else {
				said = format( S.date, range.label( n ) );
			}
		}
		hint.textContent = said;
		if ( msg ) {
			setError( w, msg );
		} else {
			clearError( w );
		}
	}

	// A date typed with spaces or without separators, written as the
	// daemon reads every date: ۱۴۰۳/۰۵/۱۲.
	function tidyDate( w ) {
		var input = control( w );
		if ( 'jalali' !== w.getAttribute( 'data-calendar' ) ) {
			return;
		}
		var p = parse( input.value );
		if ( ! p.error && input.value !== formatDate( p, fa ) ) {
			input.value = formatDate( p, fa );
		}
	}

	wraps.forEach( function ( w ) {
		if ( 'date' === w.getAttribute( 'data-type' ) && 'jalali' === w.getAttribute( 'data-calendar' ) ) {
			w.arshlinePicker = attachPicker( w, control( w ), S, fa );
			control( w ).addEventListener( 'blur', function () {
				tidyDate( w );
				dateHint( w, true );
			} );
		}
	} );

	form.addEventListener( 'input', function ( e ) {
		var w = e.target.closest( '.arshline-field' );
		applyShowIf();
		if ( ! w ) {
			return;
		}
		if ( w.arshlinePicker ) {
			dateHint( w, false );
		} else {
			clearError( w );
		}
	} );
	form.addEventListener( 'change', function ( e ) {
		var w = e.target.closest( '.arshline-field' );
		applyShowIf();
		if ( ! w || w.arshlinePicker ) {
			return;
		}
		clearError( w );
		if ( 'file' === w.getAttribute( 'data-type' ) ) {
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

	// A key of this page view: the printed one is shared by every visitor
	// of a page a cache kept.
	var key = form.querySelector( '[name=arshline_idempotency]' );
	if ( key && window.crypto && crypto.getRandomValues ) {
		key.value = Array.prototype.map.call( crypto.getRandomValues( new Uint8Array( 16 ) ), function ( b ) {
			return ( b < 16 ? '0' : '' ) + b.toString( 16 );
		} ).join( '' );
	}
	// The notes that say which answer a question follows are for pages
	// without this script: here the question appears when it applies.
	$all( form, '.arshline-field__when' ).forEach( function ( p ) {
		$all( form, '[aria-describedby~="' + p.id + '"]' ).forEach( function ( c ) {
			c.setAttribute( 'aria-describedby', c.getAttribute( 'aria-describedby' ).replace( p.id, '' ).trim() );
		} );
		p.parentNode.removeChild( p );
	} );
	applyShowIf();
	goTo( 1 );
	// A form the server re-rendered with errors (sent without this script
	// before it loaded): go to the first one.
	var invalid = form.querySelector( '.arshline-field--invalid' );
	if ( invalid ) {
		goTo( pageOf( invalid ) );
		focusField( invalid );
	}
	root.setAttribute( 'data-arshline-ready', '1' );
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
