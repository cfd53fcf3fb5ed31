<?php return array('dependencies' => array('wp-api-fetch', 'wp-i18n'), 'version' => '56df127c88142ca86b0c');
