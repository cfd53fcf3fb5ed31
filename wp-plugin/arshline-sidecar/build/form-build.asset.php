<?php return array('dependencies' => array('wp-api-fetch', 'wp-i18n'), 'version' => 'a973e081df8a91814203');
