/**
 * show_if on the page, as daemon/answers/showif.go judges it: fields in
 * document order; a field whose condition is false is hidden, and so is
 * every field whose condition names a hidden field; equals / not_equals
 * / in / answered compare the normalised answer of the field named with
 * the condition's value read as an answer to that field (so «۱۴۰۳/۱۲/۳۰»
 * meets 1403-12-30, «۳» meets 3, +98912… meets 0912…); not_equals holds
 * for no answer. The daemon stays the judge: a hidden field's answer is
 * not sent, and the daemon drops it anyway.
 */

var PERSIAN = '۰۱۲۳۴۵۶۷۸۹';
var ARABIC = '٠١٢٣٤٥٦٧٨٩';

/** Latin digits, Persian letters, no invisible marks, trimmed. */
export function normalise( text ) {
	return String( text )
		.replace( /[۰-۹]/g, function ( d ) {
			return String( PERSIAN.indexOf( d ) );
		} )
		.replace( /[٠-٩]/g, function ( d ) {
			return String( ARABIC.indexOf( d ) );
		} )
		.replace( /ي/g, 'ی' )
		.replace( /ك/g, 'ک' )
		.replace( /[\u200b\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, '' )
		.trim();
}

function asNumber( text ) {
	var t = normalise( text ).replace( /[٬,\s]/g, '' ).replace( '٫', '.' );
	return /^[-+]?\d+(\.\d+)?$/.test( t ) ? parseFloat( t ) : null;
}

function asDate( text ) {
	var m = normalise( text ).match( /^(\d{4})[\/\-.](\d{1,2})[\/\-.](\d{1,2})$/ );
	return m ? m[ 1 ] + '-' + ( '0' + m[ 2 ] ).slice( -2 ) + '-' + ( '0' + m[ 3 ] ).slice( -2 ) : null;
}

function asMobile( text ) {
	var t = normalise( text ).replace( /[\s-]/g, '' );
	return t.replace( /^(\+98|0098|98(?=9\d{9}$))/, '0' );
}

/** A value read as an answer of a field type (null: not a valid one). */
function read( type, format, raw ) {
	if ( null == raw ) {
		return null;
	}
	if ( 'number' === type || 'rating' === type ) {
		return asNumber( raw );
	}
	if ( 'date' === type ) {
		return asDate( raw );
	}
	if ( 'mobile_ir' === format ) {
		return asMobile( raw );
	}
	return normalise( raw );
}

/** What a field's inputs hold: { answered, raw (what is sent), value }. */
export function readField( wrap ) {
	var type = wrap.getAttribute( 'data-type' );
	var inputs = Array.prototype.slice.call( wrap.querySelectorAll( 'input:not([type=hidden]), select, textarea' ) );
	if ( 'checkbox' === type ) {
		var list = inputs.filter( function ( i ) {
			return i.checked;
		} ).map( function ( i ) {
			return i.value;
		} );
		return { answered: list.length > 0, raw: list, value: list };
	}
	if ( 'radio' === type || 'rating' === type ) {
		var c = inputs.filter( function ( i ) {
			return i.checked;
		} )[ 0 ];
		if ( ! c ) {
			return { answered: false };
		}
		return { answered: true, raw: 'rating' === type ? parseInt( c.value, 10 ) : c.value, value: read( type, '', c.value ) };
	}
	if ( 'matrix' === type ) {
		var cols = Array.prototype.map.call( wrap.querySelectorAll( 'thead th' ), function ( th ) {
			return th.textContent;
		} );
		var out = {};
		var any = false;
		Array.prototype.forEach.call( wrap.querySelectorAll( 'tbody tr' ), function ( tr ) {
			var on = tr.querySelector( 'input:checked' );
			if ( on ) {
				out[ tr.querySelector( 'th' ).textContent ] = cols[ parseInt( on.value, 10 ) ];
				any = true;
			}
		} );
		return { answered: any, raw: out, value: out };
	}
	if ( 'file' === type ) {
		return { answered: !! ( inputs[ 0 ] && inputs[ 0 ].files && inputs[ 0 ].files.length ) };
	}
	if ( ! inputs[ 0 ] ) {
		return { answered: false };
	}
	var raw = inputs[ 0 ].value;
	if ( '' === normalise( raw ) ) {
		return { answered: false };
	}
	return { answered: true, raw: raw, value: read( type, wrap.getAttribute( 'data-format' ) || '', raw ) };
}

function same( type, format, value, cond ) {
	if ( Array.isArray( value ) ) {
		return value.some( function ( v ) {
			return v === cond || normalise( v ) === normalise( cond );
		} );
	}
	if ( null === value ) {
		return false;
	}
	var c = read( type, format, 'number' === typeof cond ? String( cond ) : cond );
	return null !== c && c === value;
}

/** Which fields are shown: field id => true/false. */
export function visibleFields( wraps ) {
	var state = {};
	var shown = {};
	wraps.forEach( function ( w ) {
		var id = w.getAttribute( 'data-field' );
		var spec = w.getAttribute( 'data-show-if' );
		var visible = true;
		if ( spec ) {
			var s;
			try {
				s = JSON.parse( spec );
			} catch ( e ) {
				s = null;
			}
			var t = s && state[ s.field ];
			if ( ! t || t.hidden ) {
				visible = false;
			} else if ( 'answered' === s.op ) {
				visible = t.answered;
			} else if ( 'equals' === s.op ) {
				visible = t.answered && same( t.type, t.format, t.value, s.value );
			} else if ( 'not_equals' === s.op ) {
				visible = ! ( t.answered && same( t.type, t.format, t.value, s.value ) );
			} else if ( 'in' === s.op ) {
				visible = t.answered && Array.isArray( s.value ) && s.value.some( function ( v ) {
					return same( t.type, t.format, t.value, v );
				} );
			} else {
				visible = false;
			}
		}
		var r = readField( w );
		state[ id ] = { hidden: ! visible, answered: r.answered && null !== r.value, value: r.value, type: w.getAttribute( 'data-type' ), format: w.getAttribute( 'data-format' ) || '' };
		shown[ id ] = visible;
	} );
	return shown;
}
