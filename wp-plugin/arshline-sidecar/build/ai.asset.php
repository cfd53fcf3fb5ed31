<?php return array('dependencies' => array('wp-api-fetch', 'wp-i18n'), 'version' => 'eb428be49461bd2f3633');
