/**
 * Arshline AI admin page: command → plan preview → confirm → results with
 * undo; the forms list; Hosha2 generation with live progress, cancel, the
 * generated form, versions, readable diffs and rollback.
 *
 * Plain JavaScript over wp.apiFetch and wp.i18n, no build step. Every
 * value that came from the server or the user reaches the page through
 * textContent or attributes, never as HTML.
 */
( function () {
	'use strict';

	var __ = wp.i18n.__;
	var _n = wp.i18n._n;
	var sprintf = wp.i18n.sprintf;
	var D = 'arshline-sidecar';
	var cfg = window.arshlineSidecar || {};
	var nonces = cfg.nonces || {};
	var isFa = 'fa_IR' === cfg.locale;
	var numberFormat = new Intl.NumberFormat( isFa ? 'fa-IR' : 'en-US', { useGrouping: false } );
	var dateFormat = new Intl.DateTimeFormat( isFa ? 'fa-IR' : 'en-US', { dateStyle: 'medium', timeStyle: 'short' } );
	var POLL_MS = ( cfg.poll && cfg.poll.interval_ms ) || 400;

	var PHASES = [ 'analyze_input', 'build_capabilities', 'openai_send', 'validate_response', 'persist_form', 'render_preview' ];

	var state = {
		plan: null,
		undoTokens: [],
		forms: [],
		job: null,
		pollTimer: 0,
		versionsFor: 0,
	};

	function $( id ) {
		return document.getElementById( id );
	}

	/** Builds an element; children are nodes or strings (as text). */
	function el( tag, attrs, children ) {
		var node = document.createElement( tag );
		Object.keys( attrs || {} ).forEach( function ( key ) {
			var value = attrs[ key ];
			if ( null === value || undefined === value || false === value ) {
				return;
			}
			if ( 'text' === key ) {
				node.textContent = String( value );
			} else if ( 'className' === key ) {
				node.className = value;
			} else if ( 'on' === key ) {
				Object.keys( value ).forEach( function ( ev ) {
					node.addEventListener( ev, value[ ev ] );
				} );
			} else if ( true === value ) {
				node.setAttribute( key, '' );
			} else {
				node.setAttribute( key, String( value ) );
			}
		} );
		( children || [] ).forEach( function ( child ) {
			if ( null === child || undefined === child ) {
				return;
			}
			node.appendChild( 'string' === typeof child || 'number' === typeof child ? document.createTextNode( String( child ) ) : child );
		} );
		return node;
	}

	/** Text the user or the model wrote, isolated for bidirectional text. */
	function bdi( text ) {
		return el( 'bdi', { text: null === text || undefined === text ? '' : String( text ) } );
	}

	function num( n ) {
		return numberFormat.format( Number( n ) || 0 );
	}

	function clear( node ) {
		while ( node.firstChild ) {
			node.removeChild( node.firstChild );
		}
	}

	function show( node, visible ) {
		node.hidden = ! visible;
	}

	/**
	 * Calls the REST API and returns { ok, status, body } without throwing.
	 * status 0 means the request never got an answer.
	 */
	function call( options ) {
		var opts = Object.assign( { parse: false }, options );
		return wp.apiFetch( opts ).then(
			function ( response ) {
				return readBody( response );
			},
			function ( failure ) {
				if ( failure && 'function' === typeof failure.json ) {
					return readBody( failure );
				}
				return { ok: false, status: 0, body: failure || {} };
			}
		);
	}

	function readBody( response ) {
		return response.text().then( function ( text ) {
			var body = {};
			if ( text ) {
				try {
					body = JSON.parse( text );
				} catch ( e ) {
					body = { code: 'invalid_json' };
				}
			}
			var ok = response.status >= 200 && response.status < 300 && false !== body.success;
			return { ok: ok, status: response.status, body: body, retryAfter: Number( response.headers.get( 'Retry-After' ) ) || 0 };
		} );
	}

	/** A message a person understands for a failed call. */
	function describe( r ) {
		var body = r.body || {};
		var err = body.error && 'object' === typeof body.error ? body.error : body;
		var code = err.code || '';
		var message = 'string' === typeof err.message ? err.message : '';
		var retryAfter = r.retryAfter || ( body.data && body.data.retry_after ) || err.retry_after_sec || 0;
		var text;
		if ( 0 === r.status ) {
			text = __( 'The connection to the site was lost. Check your network and try again.', D );
		} else if ( 'invalid_json' === code ) {
			text = __( 'The site sent an answer that could not be read. Try again; if it keeps happening, check the PHP error log.', D );
		} else if ( 'rest_cookie_invalid_nonce' === code || 'hosha2_invalid_nonce' === code ) {
			text = __( 'The security token of this page has expired. Reload the page and try again.', D );
		} else if ( 429 === r.status ) {
			text = sprintf( __( 'Too many requests. Try again in %s seconds.', D ), num( retryAfter || 1 ) );
		} else if ( message ) {
			text = message;
		} else {
			text = sprintf( __( 'Something went wrong (HTTP %s).', D ), num( r.status ) );
		}
		var retry = 0 === r.status || 429 === r.status || r.status >= 500 || 'invalid_json' === code;
		return { text: text, retry: retry, retryAfter: retryAfter, violations: ( body.data && body.data.violations ) || err.violations || null };
	}

	/** Shows a message; errors get a retry button when trying again can help. */
	function message( box, kind, text, retry ) {
		clear( box );
		if ( ! text ) {
			return;
		}
		var notice = el( 'div', { className: 'notice inline notice-' + kind, role: 'error' === kind ? 'alert' : 'status' }, [ el( 'p', { text: text } ) ] );
		if ( retry ) {
			var button = el( 'button', { type: 'button', className: 'button arsh-retry', text: __( 'Try again', D ) } );
			button.addEventListener( 'click', function () {
				clear( box );
				retry.fn();
			} );
			if ( retry.after > 0 ) {
				button.disabled = true;
				window.setTimeout( function () {
					button.disabled = false;
				}, retry.after * 1000 );
			}
			notice.appendChild( el( 'p', {}, [ button ] ) );
		}
		box.appendChild( notice );
	}

	function showError( box, r, retryFn ) {
		var d = describe( r );
		message( box, 'error', d.text, d.retry && retryFn ? { fn: retryFn, after: d.retryAfter } : null );
		if ( d.violations && d.violations.length ) {
			var list = el( 'ul', { className: 'arsh-violations' } );
			d.violations.forEach( function ( v ) {
				list.appendChild( el( 'li', {}, [ bdi( v.message || v.rule || JSON.stringify( v ) ) ] ) );
			} );
			box.firstChild.appendChild( list );
		}
	}

	function busy( button, on ) {
		button.disabled = on;
		button.setAttribute( 'aria-busy', on ? 'true' : 'false' );
	}

	/* ---------------- health ---------------- */

	function loadHealth() {
		var box = $( 'arsh-health' );
		return call( { path: '/arshline/v1/health' } ).then( function ( r ) {
			clear( box );
			if ( r.ok ) {
				box.className = 'arsh-health arsh-ok';
				box.appendChild( document.createTextNode( sprintf( __( 'The Arshline AI service is running (version %s).', D ), r.body.version || '?' ) ) );
				if ( ! r.body.llm_configured ) {
					box.appendChild( document.createTextNode( ' ' + __( 'No AI model is configured: commands use the built-in planner, and Hosha2 is unavailable.', D ) ) );
				}
			} else {
				box.className = 'arsh-health';
				showError( box, r, loadHealth );
			}
		} );
	}

	/* ---------------- command → preview → execute → undo ---------------- */

	function onPlan( event ) {
		if ( event ) {
			event.preventDefault();
		}
		var text = $( 'arsh-command' ).value.trim();
		var box = $( 'arsh-plan-msg' );
		message( box, 'info', '' );
		show( $( 'arsh-preview' ), false );
		if ( ! text ) {
			message( box, 'error', __( 'Type a command first.', D ) );
			$( 'arsh-command' ).focus();
			return;
		}
		var button = $( 'arsh-plan-btn' );
		busy( button, true );
		message( box, 'info', __( 'Reading your command…', D ) );
		call( { path: '/arshline/v1/ai/plan', method: 'POST', data: { text: text } } ).then( function ( r ) {
			busy( button, false );
			if ( ! r.ok ) {
				showError( box, r, onPlan );
				return;
			}
			message( box, 'info', '' );
			if ( r.body.none ) {
				var text2 = r.body.reason || __( 'This command does not change anything that can be previewed.', D );
				if ( r.body.navigate && r.body.navigate.action ) {
					text2 += ' ' + sprintf( __( 'Suggested page: %s', D ), actionLabel( r.body.navigate.action ) );
				}
				message( box, 'warning', text2 );
				return;
			}
			renderPreview( r.body );
		} );
	}

	function renderPreview( result ) {
		state.plan = result.plan;
		var list = $( 'arsh-preview-list' );
		var warnings = $( 'arsh-warnings' );
		clear( list );
		clear( warnings );
		( result.preview || [] ).forEach( function ( line ) {
			list.appendChild( el( 'li', {}, [ bdi( 'string' === typeof line ? line : line.text || JSON.stringify( line ) ) ] ) );
		} );
		( result.warnings || [] ).forEach( function ( w ) {
			warnings.appendChild( el( 'li', { className: 'arsh-warning' }, [ bdi( 'string' === typeof w ? w : w.message || JSON.stringify( w ) ) ] ) );
		} );
		show( $( 'arsh-preview' ), true );
		$( 'arsh-preview-title' ).focus();
	}

	function onExecute() {
		if ( ! state.plan ) {
			return;
		}
		var button = $( 'arsh-execute' );
		var box = $( 'arsh-plan-msg' );
		busy( button, true );
		call( { path: '/arshline/v1/ai/execute', method: 'POST', data: { plan: state.plan, confirm: true } } ).then( function ( r ) {
			busy( button, false );
			if ( ! r.ok ) {
				showError( box, r, onExecute );
				return;
			}
			state.plan = null;
			show( $( 'arsh-preview' ), false );
			$( 'arsh-command' ).value = '';
			state.undoTokens = ( r.body.undo_tokens || [] ).slice();
			renderResults( r.body.results || [] );
			loadForms();
		} );
	}

	function actionLabel( action ) {
		var labels = {
			create_form: __( 'Create form', D ),
			add_field: __( 'Add question', D ),
			update_form_title: __( 'Rename form', D ),
			publish_form: __( 'Publish form', D ),
			draft_form: __( 'Move form to drafts', D ),
			open_builder: __( 'Open the form builder', D ),
			open_editor: __( 'Open the question editor', D ),
			open_results: __( 'Open the results', D ),
		};
		return labels[ action ] || action;
	}

	function resultSentence( step ) {
		var id = num( step.form_id );
		switch ( step.action ) {
			case 'create_form':
				return sprintf( __( 'Form %s was created.', D ), id );
			case 'add_field':
				return sprintf( __( 'A question was added to form %s.', D ), id );
			case 'update_form_title':
				return sprintf( __( 'Form %s was renamed.', D ), id );
			case 'publish_form':
				return sprintf( __( 'Form %s was published.', D ), id );
			case 'draft_form':
				return sprintf( __( 'Form %s was moved to drafts.', D ), id );
			default:
				return actionLabel( step.action );
		}
	}

	function renderResults( results ) {
		var list = $( 'arsh-results-list' );
		clear( list );
		results.forEach( function ( step ) {
			list.appendChild( el( 'li', { text: resultSentence( step ) } ) );
		} );
		updateUndoButtons();
		show( $( 'arsh-results' ), true );
		$( 'arsh-results-title' ).focus();
	}

	function updateUndoButtons() {
		var n = state.undoTokens.length;
		$( 'arsh-undo-last' ).disabled = 0 === n;
		$( 'arsh-undo-all' ).disabled = 0 === n;
	}

	function undo( all ) {
		if ( ! state.undoTokens.length ) {
			return;
		}
		var box = $( 'arsh-plan-msg' );
		var data = all ? { tokens: state.undoTokens.slice() } : { token: state.undoTokens[ state.undoTokens.length - 1 ] };
		var button = $( all ? 'arsh-undo-all' : 'arsh-undo-last' );
		busy( button, true );
		call( { path: '/arshline/v1/ai/undo', method: 'POST', data: data } ).then( function ( r ) {
			busy( button, false );
			if ( ! r.ok ) {
				showError( box, r, function () {
					undo( all );
				} );
				updateUndoButtons();
				return;
			}
			var undone = ( r.body.undone || [] ).length;
			state.undoTokens = all ? [] : state.undoTokens.slice( 0, -1 );
			updateUndoButtons();
			message( box, 'success', sprintf( _n( '%s change was undone.', '%s changes were undone.', undone, D ), num( undone ) ) );
			loadForms();
		} );
	}

	/* ---------------- forms ---------------- */

	function statusLabel( status ) {
		return (
			{
				draft: __( 'Draft', D ),
				published: __( 'Published', D ),
				disabled: __( 'Disabled', D ),
			}[ status ] || status
		);
	}

	function loadForms() {
		var box = $( 'arsh-forms-msg' );
		return call( { path: '/arshline/v1/forms?limit=200' } ).then( function ( r ) {
			if ( ! r.ok ) {
				showError( box, r, loadForms );
				return;
			}
			message( box, 'info', '' );
			state.forms = Array.isArray( r.body ) ? r.body : r.body.forms || [];
			renderForms();
		} );
	}

	function renderForms() {
		var body = $( 'arsh-forms-body' );
		clear( body );
		if ( ! state.forms.length ) {
			body.appendChild( el( 'tr', {}, [ el( 'td', { colspan: 5, text: __( 'There are no forms yet.', D ) } ) ] ) );
		}
		state.forms.forEach( function ( form ) {
			var versions = el( 'button', { type: 'button', className: 'button button-small', text: __( 'Versions', D ), 'aria-label': sprintf( __( 'Versions of form %s', D ), num( form.id ) ) } );
			versions.addEventListener( 'click', function () {
				loadVersions( form.id );
			} );
			var use = el( 'button', { type: 'button', className: 'button button-small', text: __( 'Use in Hosha2', D ), 'aria-label': sprintf( __( 'Use form %s in Hosha2', D ), num( form.id ) ) } );
			use.addEventListener( 'click', function () {
				$( 'arsh-h2-formid' ).value = String( form.id );
				$( 'arsh-h2-prompt' ).focus();
			} );
			body.appendChild(
				el( 'tr', { 'data-form-id': form.id }, [
					el( 'td', { text: num( form.id ) } ),
					el( 'td', { className: 'arsh-title' }, [ bdi( form.title ) ] ),
					el( 'td', { className: 'arsh-status arsh-status-' + form.status, text: statusLabel( form.status ) } ),
					el( 'td', { className: 'arsh-version-count', text: num( form.version_count ) } ),
					el( 'td', {}, [ versions, ' ', use ] ),
				] )
			);
		} );
		renderFormSelect();
	}

	function renderFormSelect() {
		var select = $( 'arsh-h2-formid' );
		var current = select.value;
		clear( select );
		select.appendChild( el( 'option', { value: 'new', text: __( 'A new form', D ) } ) );
		state.forms.forEach( function ( form ) {
			select.appendChild( el( 'option', { value: String( form.id ), text: sprintf( __( 'Form %1$s: %2$s', D ), num( form.id ), form.title ) } ) );
		} );
		if ( current && select.querySelector( 'option[value="' + CSS.escape( current ) + '"]' ) ) {
			select.value = current;
		}
	}

	/* ---------------- Hosha2 ---------------- */

	function phaseLabel( phase ) {
		return (
			{
				analyze_input: __( 'Reading the request', D ),
				build_capabilities: __( 'Preparing the field catalogue', D ),
				openai_send: __( 'Asking the AI model', D ),
				validate_response: __( 'Checking the answer', D ),
				persist_form: __( 'Saving the form', D ),
				render_preview: __( 'Preparing the preview', D ),
			}[ phase ] || phase
		);
	}

	function renderProgress( percent, done, status ) {
		var value = Math.max( 0, Math.min( 100, Math.round( percent ) ) );
		var bar = $( 'arsh-h2-bar' );
		bar.setAttribute( 'aria-valuenow', String( value ) );
		bar.setAttribute( 'aria-valuetext', sprintf( __( '%s percent', D ), num( value ) ) );
		$( 'arsh-h2-fill' ).style.width = value + '%';
		var list = $( 'arsh-h2-phases' );
		clear( list );
		var current = '';
		PHASES.forEach( function ( phase ) {
			var isDone = done.indexOf( phase ) >= 0;
			var cls = isDone ? 'done' : '';
			if ( ! isDone && ! current && 'running' === status ) {
				current = phase;
				cls = 'current';
			}
			list.appendChild( el( 'li', { className: 'arsh-phase ' + cls, 'data-phase': phase, 'aria-current': 'current' === cls ? 'step' : null, text: phaseLabel( phase ) } ) );
		} );
		$( 'arsh-h2-progress-label' ).textContent = current
			? sprintf( __( '%1$s percent — %2$s', D ), num( value ), phaseLabel( current ) )
			: sprintf( __( '%s percent', D ), num( value ) );
	}

	function onGenerate( event ) {
		if ( event ) {
			event.preventDefault();
		}
		var box = $( 'arsh-h2-msg' );
		var prompt = $( 'arsh-h2-prompt' ).value.trim();
		message( box, 'info', '' );
		if ( ! prompt ) {
			message( box, 'error', __( 'Describe the form first.', D ) );
			$( 'arsh-h2-prompt' ).focus();
			return;
		}
		var button = $( 'arsh-h2-start' );
		busy( button, true );
		var target = $( 'arsh-h2-formid' ).value;
		var ready = 'new' === target || ! target ? createFormFor( prompt ) : Promise.resolve( { ok: true, id: Number( target ) } );
		ready.then( function ( made ) {
			if ( ! made.ok ) {
				busy( button, false );
				showError( box, made.r, onGenerate );
				return;
			}
			startJob( made.id, prompt, button, box );
		} );
	}

	function createFormFor( prompt ) {
		var title = prompt.length > 60 ? prompt.slice( 0, 60 ) + '…' : prompt;
		return call( { path: '/arshline/v1/forms', method: 'POST', data: { title: title } } ).then( function ( r ) {
			if ( ! r.ok ) {
				return { ok: false, r: r };
			}
			var form = r.body.form || r.body;
			return loadForms().then( function () {
				$( 'arsh-h2-formid' ).value = String( form.id );
				return { ok: true, id: form.id };
			} );
		} );
	}

	function startJob( formId, prompt, button, box ) {
		show( $( 'arsh-h2-result' ), false );
		renderProgress( 0, [], 'running' );
		show( $( 'arsh-h2-progress' ), true );
		$( 'arsh-h2-cancel' ).disabled = false;
		call( {
			path: '/hosha2/v1/forms/' + encodeURIComponent( formId ) + '/generate',
			method: 'POST',
			headers: { 'X-Hosha2-Nonce': nonces.generate },
			data: { prompt: prompt, options: { locale: cfg.locale } },
		} ).then( function ( r ) {
			if ( ! r.ok ) {
				busy( button, false );
				show( $( 'arsh-h2-progress' ), false );
				showError( box, r, onGenerate );
				return;
			}
			state.job = { id: r.body.request_id, formId: formId, button: button };
			if ( r.body.data && r.body.data.final_form ) {
				finishJob( r.body );
				return;
			}
			poll();
		} );
	}

	function poll() {
		var job = state.job;
		if ( ! job ) {
			return;
		}
		call( { path: '/hosha2/v1/requests/' + encodeURIComponent( job.id ) + '/progress' } ).then( function ( r ) {
			if ( state.job !== job ) {
				return;
			}
			var box = $( 'arsh-h2-msg' );
			if ( ! r.ok ) {
				var d = describe( r );
				if ( d.retry && r.status !== 499 ) {
					// A transient failure of one poll: keep polling.
					state.pollTimer = window.setTimeout( poll, POLL_MS * 3 );
					return;
				}
				endJob();
				if ( 499 === r.status ) {
					message( box, 'warning', __( 'The generation was cancelled.', D ) );
				} else {
					showError( box, r, onGenerate );
				}
				return;
			}
			var p = r.body;
			var percent = ( Number( p.progress_percent ) || 0 ) * 100;
			renderProgress( percent, p.progress || [], 'running' );
			var status = String( p.status || '' );
			if ( 'done' === status || 'succeeded' === status || 'completed' === status || 'success' === status ) {
				renderProgress( 100, PHASES, 'done' );
				finishJob( p.result || p );
				return;
			}
			if ( 'cancelled' === status || 'canceled' === status ) {
				endJob();
				message( box, 'warning', __( 'The generation was cancelled.', D ) );
				return;
			}
			if ( 'failed' === status || 'error' === status ) {
				endJob();
				var err = p.error && 'object' === typeof p.error ? p.error : { message: p.error };
				var code = String( err.code || err.error || '' ).toUpperCase();
				var fake = { status: 'RATE_LIMIT' === code ? 429 : 500, body: { error: { code: code, message: err.message || err.message_en || '' } } };
				showError( box, fake, onGenerate );
				return;
			}
			state.pollTimer = window.setTimeout( poll, POLL_MS );
		} );
	}

	function endJob() {
		var job = state.job;
		state.job = null;
		window.clearTimeout( state.pollTimer );
		if ( job ) {
			busy( job.button, false );
		}
		$( 'arsh-h2-cancel' ).disabled = true;
		show( $( 'arsh-h2-progress' ), false );
	}

	function onCancel() {
		var job = state.job;
		if ( ! job ) {
			return;
		}
		var button = $( 'arsh-h2-cancel' );
		busy( button, true );
		call( {
			path: '/hosha2/v1/requests/' + encodeURIComponent( job.id ) + '/cancel',
			method: 'POST',
			headers: { 'X-Hosha2-Nonce': nonces.cancel },
		} ).then( function ( r ) {
			button.setAttribute( 'aria-busy', 'false' );
			if ( ! r.ok ) {
				button.disabled = false;
				showError( $( 'arsh-h2-msg' ), r, onCancel );
			}
			// The next poll reports the cancelled state.
		} );
	}

	function finishJob( result ) {
		var job = state.job;
		endJob();
		var data = result.data || result;
		var form = data.final_form || ( data.state && data.state.document ) || null;
		var preview = $( 'arsh-h2-preview' );
		clear( preview );
		if ( form ) {
			preview.appendChild( renderForm( form ) );
		}
		show( $( 'arsh-h2-result' ), true );
		$( 'arsh-h2-result-title' ).focus();
		message( $( 'arsh-h2-msg' ), 'success', __( 'The form was generated and saved as a new version.', D ) );
		loadForms().then( function () {
			if ( job ) {
				loadVersions( job.formId, true );
			}
		} );
	}

	/* ---------------- rendering arshline_form@v1 ---------------- */

	function fieldLabel( f ) {
		return f.label || f.question || f.title || f.text || f.name || f.id || '';
	}

	function optionsOf( f ) {
		var raw = f.options || f.choices || [];
		if ( ! Array.isArray( raw ) ) {
			raw = Array.isArray( raw.items ) ? raw.items : [];
		}
		return raw.map( function ( o ) {
			return 'object' === typeof o && null !== o ? String( o.label || o.text || o.value || '' ) : String( o );
		} );
	}

	var TYPE_LABELS = function () {
		return {
			text: __( 'Short answer', D ),
			textarea: __( 'Long answer', D ),
			email: __( 'Email', D ),
			number: __( 'Number', D ),
			radio: __( 'Single choice', D ),
			checkbox: __( 'Multiple choice', D ),
			select: __( 'Drop-down', D ),
			date: __( 'Date', D ),
			file: __( 'File upload', D ),
			rating: __( 'Rating', D ),
			matrix: __( 'Matrix', D ),
			section: __( 'Section', D ),
			html: __( 'Text block', D ),
		};
	};

	function renderForm( doc ) {
		var root = el( 'div', { className: 'arsh-rendered-form', 'data-version': doc.version || '' } );
		var fields = Array.isArray( doc.fields ) ? doc.fields : [];
		if ( ! fields.length ) {
			root.appendChild( el( 'p', { text: __( 'This form has no fields yet.', D ) } ) );
		}
		fields.forEach( function ( f, i ) {
			root.appendChild( renderField( f || {}, i ) );
		} );
		return root;
	}

	function renderField( f, i ) {
		var wrap = renderFieldBody( f, i );
		var help = f.help_text || f.helpText || f.description;
		if ( help && 'section' !== f.type ) {
			wrap.appendChild( el( 'p', { className: 'description arsh-help' }, [ bdi( help ) ] ) );
		}
		return wrap;
	}

	function renderFieldBody( f, i ) {
		var type = String( f.type || 'text' );
		var id = 'arsh-f-' + i;
		var label = fieldLabel( f );
		var wrap = el( 'div', { className: 'arsh-field arsh-field-' + type.replace( /[^a-z_]/g, '' ), 'data-type': type } );
		var caption = el( 'label', { for: id }, [ bdi( label ) ] );
		if ( f.required ) {
			caption.appendChild( el( 'span', { className: 'arsh-required', 'aria-hidden': 'true', text: ' *' } ) );
		}
		switch ( type ) {
			case 'section':
				wrap.appendChild( el( 'h4', {}, [ bdi( label ) ] ) );
				if ( f.description ) {
					wrap.appendChild( el( 'p', {}, [ bdi( f.description ) ] ) );
				}
				return wrap;
			case 'html':
				wrap.appendChild( el( 'div', { className: 'arsh-html-as-text' }, [ bdi( f.content || f.html || f.value || label ) ] ) );
				return wrap;
			case 'textarea':
				wrap.appendChild( caption );
				wrap.appendChild( el( 'textarea', { id: id, disabled: true, rows: f.rows || 3, placeholder: f.placeholder || null } ) );
				return wrap;
			case 'radio':
			case 'checkbox': {
				var set = el( 'fieldset', { disabled: true }, [ el( 'legend', {}, [ bdi( label ) ] ) ] );
				optionsOf( f ).forEach( function ( opt, j ) {
					var oid = id + '-' + j;
					set.appendChild( el( 'div', { className: 'arsh-option' }, [ el( 'input', { type: type, id: oid, name: id, disabled: true } ), ' ', el( 'label', { for: oid }, [ bdi( opt ) ] ) ] ) );
				} );
				wrap.appendChild( set );
				return wrap;
			}
			case 'select': {
				wrap.appendChild( caption );
				var select = el( 'select', { id: id, disabled: true, multiple: f.multiple ? true : null } );
				optionsOf( f ).forEach( function ( opt ) {
					select.appendChild( el( 'option', { text: opt } ) );
				} );
				wrap.appendChild( select );
				return wrap;
			}
			case 'rating': {
				var max = Number( ( f.scale && f.scale.max ) || f.max || 5 );
				var min = Number( ( f.scale && f.scale.min ) || f.min || 1 );
				var group = el( 'fieldset', { disabled: true, className: 'arsh-rating' }, [ el( 'legend', {}, [ bdi( label ) ] ) ] );
				for ( var s = min; s <= Math.min( max, min + 20 ); s++ ) {
					group.appendChild( el( 'label', {}, [ el( 'input', { type: 'radio', name: id, disabled: true } ), ' ' + num( s ) ] ) );
				}
				wrap.appendChild( group );
				return wrap;
			}
			case 'matrix': {
				var dims = f.dimensions || f;
				var rows = Array.isArray( dims.rows ) ? dims.rows : [];
				var cols = Array.isArray( dims.cols ) ? dims.cols : Array.isArray( dims.columns ) ? dims.columns : [];
				var text = function ( x ) {
					return 'object' === typeof x && null !== x ? x.label || x.text || x.value || '' : x;
				};
				var head = el( 'tr', {}, [ el( 'td' ) ] );
				cols.forEach( function ( c ) {
					head.appendChild( el( 'th', { scope: 'col' }, [ bdi( text( c ) ) ] ) );
				} );
				var table = el( 'table', { className: 'arsh-matrix' }, [ el( 'caption', {}, [ bdi( label ) ] ), el( 'thead', {}, [ head ] ) ] );
				var tbody = el( 'tbody' );
				rows.forEach( function ( row, ri ) {
					var tr = el( 'tr', {}, [ el( 'th', { scope: 'row' }, [ bdi( text( row ) ) ] ) ] );
					cols.forEach( function ( c, ci ) {
						tr.appendChild( el( 'td', {}, [ el( 'input', { type: 'radio', name: id + '-' + ri, disabled: true, 'aria-label': String( text( row ) ) + ' / ' + String( text( c ) ) + ' ' + ci } ) ] ) );
					} );
					tbody.appendChild( tr );
				} );
				table.appendChild( tbody );
				wrap.appendChild( table );
				return wrap;
			}
			default: {
				var inputType = { email: 'email', number: 'number', date: 'date', file: 'file' }[ type ] || 'text';
				wrap.appendChild( caption );
				wrap.appendChild( el( 'input', { type: inputType, id: id, disabled: true, placeholder: 'file' === inputType ? null : f.placeholder || null } ) );
				return wrap;
			}
		}
	}

	/* ---------------- versions, diffs, rollback ---------------- */

	function sourceLabel( source ) {
		return (
			{
				planner: __( 'AI command', D ),
				hosha2: __( 'Hosha2', D ),
				rollback: __( 'Rollback', D ),
				undo: __( 'Undo', D ),
				api: __( 'Manual', D ),
			}[ source ] || source
		);
	}

	function loadVersions( formId, quiet ) {
		state.versionsFor = formId;
		var form = state.forms.filter( function ( f ) {
			return f.id === formId;
		} )[ 0 ];
		var title = $( 'arsh-versions-title' );
		clear( title );
		title.appendChild( document.createTextNode( sprintf( __( 'Versions of form %s', D ), num( formId ) ) + ( form ? ': ' : '' ) ) );
		if ( form ) {
			title.appendChild( bdi( form.title ) );
		}
		show( $( 'arsh-versions' ), true );
		show( $( 'arsh-diff' ), false );
		var box = $( 'arsh-versions-msg' );
		return call( { path: '/hosha2/v1/forms/' + encodeURIComponent( formId ) + '/versions?limit=100' } ).then( function ( r ) {
			if ( state.versionsFor !== formId ) {
				return;
			}
			if ( ! r.ok ) {
				showError( box, r, function () {
					loadVersions( formId );
				} );
				return;
			}
			message( box, 'info', '' );
			renderVersions( formId, Array.isArray( r.body.data ) ? r.body.data : [] );
			if ( ! quiet ) {
				title.focus();
			}
		} );
	}

	function renderVersions( formId, rows ) {
		var body = $( 'arsh-versions-body' );
		clear( body );
		var form = state.forms.filter( function ( f ) {
			return f.id === formId;
		} )[ 0 ];
		rows = rows.slice().sort( function ( a, b ) {
			return b.seq - a.seq;
		} );
		rows.forEach( function ( v, i ) {
			var older = rows[ i + 1 ] || null;
			var fields = v.state && v.state.document && Array.isArray( v.state.document.fields ) ? v.state.document.fields.length : null;
			var isHead = form && form.head_version_id === v.id;
			var view = el( 'button', { type: 'button', className: 'button button-small', text: __( 'Show changes', D ), 'aria-label': sprintf( __( 'Show the changes of version %s', D ), num( v.seq ) ) } );
			view.addEventListener( 'click', function () {
				showDiff( formId, v, older );
			} );
			var actions = [ view ];
			if ( ! isHead ) {
				var back = el( 'button', { type: 'button', className: 'button button-small arsh-rollback', text: __( 'Roll back to this version', D ), 'aria-label': sprintf( __( 'Roll back to version %s', D ), num( v.seq ) ) } );
				back.addEventListener( 'click', function () {
					rollback( formId, v, back );
				} );
				actions.push( ' ', back );
			} else {
				actions.push( ' ', el( 'span', { className: 'arsh-head', text: __( '(current)', D ) } ) );
			}
			body.appendChild(
				el( 'tr', { 'data-version-id': v.id, 'data-seq': v.seq }, [
					el( 'td', { text: num( v.seq ) } ),
					el( 'td', { text: sourceLabel( v.source ) } ),
					el( 'td', { text: v.created_at ? dateFormat.format( new Date( v.created_at ) ) : '' } ),
					el( 'td', { text: null === fields ? '—' : num( fields ) } ),
					el( 'td', {}, actions ),
				] )
			);
		} );
	}

	function rollback( formId, v, button ) {
		var box = $( 'arsh-versions-msg' );
		busy( button, true );
		call( {
			path: '/hosha2/v1/forms/' + encodeURIComponent( formId ) + '/versions/' + encodeURIComponent( v.id ) + '/rollback',
			method: 'POST',
		} ).then( function ( r ) {
			busy( button, false );
			if ( ! r.ok ) {
				showError( box, r, function () {
					rollback( formId, v, button );
				} );
				return;
			}
			loadForms().then( function () {
				loadVersions( formId, true ).then( function () {
					message( box, 'success', sprintf( __( 'The form was rolled back to version %s; the rollback is itself a new version.', D ), num( v.seq ) ) );
				} );
			} );
			var doc = r.body.data && ( r.body.data.version || r.body.data ).state;
			if ( doc && doc.document && ! $( 'arsh-h2-result' ).hidden ) {
				var preview = $( 'arsh-h2-preview' );
				clear( preview );
				preview.appendChild( renderForm( doc.document ) );
			}
		} );
	}

	function getVersion( formId, id ) {
		return call( { path: '/hosha2/v1/forms/' + encodeURIComponent( formId ) + '/versions/' + encodeURIComponent( id ) } );
	}

	function showDiff( formId, v, older ) {
		var box = $( 'arsh-diff' );
		clear( box );
		show( box, true );
		box.appendChild( el( 'h4', { tabindex: '-1', text: sprintf( __( 'Changes in version %s', D ), num( v.seq ) ) } ) );
		var wants = [ getVersion( formId, v.id ) ];
		if ( older ) {
			wants.push( getVersion( formId, older.id ) );
		}
		Promise.all( wants ).then( function ( answers ) {
			var bad = answers.filter( function ( a ) {
				return ! a.ok;
			} )[ 0 ];
			if ( bad ) {
				var holder = el( 'div' );
				box.appendChild( holder );
				showError( holder, bad, function () {
					showDiff( formId, v, older );
				} );
				return;
			}
			var cur = answers[ 0 ].body.data;
			var prev = answers[ 1 ] ? answers[ 1 ].body.data : null;
			var lines = describeChanges( prev ? prev.state : null, cur.state, cur.diff );
			var list = el( 'ul', { className: 'arsh-diff-list' } );
			lines.forEach( function ( line ) {
				list.appendChild( el( 'li', { className: 'arsh-diff-' + line.kind }, line.parts ) );
			} );
			box.appendChild( list );
			box.firstChild.focus();
		} );
	}

	/** Field-by-field comparison of two snapshots, as sentences. */
	function describeChanges( before, after, patch ) {
		var lines = [];
		var types = TYPE_LABELS();
		var line = function ( kind, parts ) {
			lines.push( { kind: kind, parts: parts } );
		};
		if ( ! before ) {
			line( 'info', [ __( 'First version of the form.', D ) ] );
			if ( after && after.document ) {
				( after.document.fields || [] ).forEach( function ( f ) {
					line( 'add', [ sprintf( __( 'Field added (%s):', D ), types[ f.type ] || f.type ), ' ', bdi( fieldLabel( f ) ) ] );
				} );
			}
			return lines;
		}
		if ( before.title !== after.title ) {
			line( 'change', [ __( 'Title changed from', D ), ' ', bdi( before.title ), ' ', __( 'to', D ), ' ', bdi( after.title ) ] );
		}
		if ( before.status !== after.status ) {
			line( 'change', [ sprintf( __( 'Status changed from %1$s to %2$s.', D ), statusLabel( before.status ), statusLabel( after.status ) ) ] );
		}
		var key = function ( f, i ) {
			return f && f.id ? 'id:' + f.id : 'at:' + i;
		};
		var oldFields = ( before.document && before.document.fields ) || [];
		var newFields = ( after.document && after.document.fields ) || [];
		var oldMap = {};
		oldFields.forEach( function ( f, i ) {
			oldMap[ key( f, i ) ] = f;
		} );
		var seen = {};
		newFields.forEach( function ( f, i ) {
			var k = key( f, i );
			seen[ k ] = true;
			var was = oldMap[ k ];
			if ( ! was ) {
				line( 'add', [ sprintf( __( 'Field added (%s):', D ), types[ f.type ] || f.type ), ' ', bdi( fieldLabel( f ) ) ] );
			} else if ( JSON.stringify( was ) !== JSON.stringify( f ) ) {
				if ( fieldLabel( was ) !== fieldLabel( f ) ) {
					line( 'change', [ __( 'Question changed from', D ), ' ', bdi( fieldLabel( was ) ), ' ', __( 'to', D ), ' ', bdi( fieldLabel( f ) ) ] );
				} else {
					line( 'change', [ __( 'Field changed:', D ), ' ', bdi( fieldLabel( f ) ) ] );
				}
			}
		} );
		oldFields.forEach( function ( f, i ) {
			if ( ! seen[ key( f, i ) ] ) {
				line( 'remove', [ sprintf( __( 'Field removed (%s):', D ), types[ f.type ] || f.type ), ' ', bdi( fieldLabel( f ) ) ] );
			}
		} );
		if ( ! lines.length ) {
			line( 'info', [ Array.isArray( patch ) && patch.length ? sprintf( _n( '%s technical change without visible effect.', '%s technical changes without visible effect.', patch.length, D ), num( patch.length ) ) : __( 'No visible change.', D ) ] );
		}
		return lines;
	}

	/* ---------------- start ---------------- */

	function start() {
		if ( ! $( 'arshline-sidecar-app' ) ) {
			return;
		}
		$( 'arsh-command-form' ).addEventListener( 'submit', onPlan );
		$( 'arsh-execute' ).addEventListener( 'click', onExecute );
		$( 'arsh-discard' ).addEventListener( 'click', function () {
			state.plan = null;
			show( $( 'arsh-preview' ), false );
			$( 'arsh-command' ).focus();
		} );
		$( 'arsh-undo-last' ).addEventListener( 'click', function () {
			undo( false );
		} );
		$( 'arsh-undo-all' ).addEventListener( 'click', function () {
			undo( true );
		} );
		$( 'arsh-forms-refresh' ).addEventListener( 'click', loadForms );
		$( 'arsh-h2-form' ).addEventListener( 'submit', onGenerate );
		$( 'arsh-h2-cancel' ).addEventListener( 'click', onCancel );
		$( 'arsh-command' ).addEventListener( 'keydown', function ( e ) {
			if ( 'Enter' === e.key && ( e.ctrlKey || e.metaKey ) ) {
				onPlan( e );
			}
		} );
		renderFormSelect();
		loadHealth();
		loadForms();
	}

	if ( 'loading' === document.readyState ) {
		document.addEventListener( 'DOMContentLoaded', start );
	} else {
		start();
	}
} )();
