<?php return array('dependencies' => array('wp-api-fetch', 'wp-i18n'), 'version' => '01bfe2e15c955b500d84');
