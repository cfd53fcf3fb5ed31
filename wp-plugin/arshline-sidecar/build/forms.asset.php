<?php return array('dependencies' => array('wp-api-fetch', 'wp-i18n'), 'version' => 'a164d51692e3ca698d2b');
